import { readFileSync } from 'node:fs';
import { AgentsFileSchema, type SystemAgent } from '@wanxiang/contract';
import { CatalogError, type Catalog } from '../../catalog';

/**
 * The system agents of the agent menu (server/catalog/agents.json, or the operator's copy in
 * CATALOG_DIR). Checked at boot: a bad field, a duplicate id or a model/quota key the model
 * catalog does not know stops the server with the file, the entry and the field at fault.
 */
export function loadSystemAgents(file: string, catalog: Pick<Catalog, 'get' | 'quotaKeys'>): SystemAgent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogError(`agents.json: cannot read ${file}: ${(err as Error).message}`);
  }
  return parseSystemAgents(raw, catalog);
}

/** Check agents.json's content against a catalog: the boot's check, and the console's when it saves models or tiers. */
export function parseSystemAgents(raw: unknown, catalog: Pick<Catalog, 'get' | 'quotaKeys'>): SystemAgent[] {
  const parsed = AgentsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogError(`agents.json: ${issue.path.join('.')}: ${issue.message}`);
  }
  const seen = new Set<string>();
  const quotaKeys = new Set(catalog.quotaKeys().map((q) => q.key));
  for (const agent of parsed.data.agents) {
    const where = `agents.json: agent "${agent.id}" (${agent.name})`;
    if (seen.has(agent.id)) throw new CatalogError(`${where}: duplicate id`);
    seen.add(agent.id);
    if (!catalog.get(agent.model)) throw new CatalogError(`${where}: unknown model "${agent.model}"`);
    if (agent.quotaKey !== undefined && !quotaKeys.has(agent.quotaKey)) throw new CatalogError(`${where}: unknown quotaKey "${agent.quotaKey}"`);
  }
  return parsed.data.agents;
}
