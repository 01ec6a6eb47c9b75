import { readFileSync } from 'node:fs';
import { McpServersFileSchema, type McpServerConfig } from '@wanxiang/contract';
import { catalogFile } from '../../catalog';
import type { Config } from '../../config';

export class McpConfigError extends Error {
  override name = 'McpConfigError';
}

/**
 * The configured MCP servers (docs/product/custom-models.md §3: 5 configured, 4 enabled): MCP_SERVERS_JSON
 * when set (tests, intranets), else mcp.json of the catalog (CATALOG_DIR copy or the shipped one).
 * A bad list stops the boot with the source, the entry and the field at fault.
 */
export function loadMcpServers(config: Pick<Config, 'catalogDir' | 'mcp'>): McpServerConfig[] {
  let source: string;
  let text: string;
  if (config.mcp.serversJson) {
    source = 'MCP_SERVERS_JSON';
    text = config.mcp.serversJson;
  } else {
    source = catalogFile(config.catalogDir, 'mcp.json');
    try {
      text = readFileSync(source, 'utf8');
    } catch (err) {
      throw new McpConfigError(`${source}: ${(err as Error).message}`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new McpConfigError(`${source}: not JSON (${(err as Error).message})`);
  }
  const parsed = McpServersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new McpConfigError(`${source}: ${issues}`);
  }
  const names = new Set<string>();
  for (const s of parsed.data) {
    if (names.has(s.name)) throw new McpConfigError(`${source}: duplicate server name "${s.name}"`);
    names.add(s.name);
  }
  return parsed.data;
}
