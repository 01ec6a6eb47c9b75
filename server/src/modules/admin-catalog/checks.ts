import { readFileSync } from 'node:fs';
import type { CatalogDocumentName } from '@wanxiang/contract';
import { catalogFile, CatalogError } from '../../catalog';
import type { DocumentReader } from '../../catalog/documents/live';
import { CATALOG_SPEC } from '../../catalog/live';
import type { Config } from '../../config';
import { VENDORS, vendorById } from '../../llm/vendors';
import { checkToolRegistry } from '../../tools';
import { parseSystemAgents } from '../agents/catalog';
import { MCP_SPEC } from '../mcp/servers';
import { PROMOS_SPEC } from '../promos/catalog';
import { SHOP_SPEC } from '../shop/catalog';
import { SIDEBAR_SPEC } from '../sidebar/load';
import { SIGNIN_SPEC } from '../signin/rewards';
import { SITE_SPEC } from '../site/catalog';
import { effectiveRegistry, TOOL_OVERRIDES_SPEC } from '../tools/overrides';
import { WEBDISK_SPEC } from '../webdisk/channels';

/**
 * The check of each document the console saves: exactly what the server checks when it reads the file (each module's
 * own parse, through its LiveSpec), plus the boot checks that read several documents at once, so a save can never
 * make the next start fail: models, groups, tiers and the tool overrides are checked together with the tool registry
 * (quota keys, prompt tools' models), the vendors (llm/gateway) and the system agents (agents.json's models and keys).
 * Each throws with the file, the entry and the field at fault.
 */
export type DocumentCheck = (read: DocumentReader, config: Pick<Config, 'catalogDir'>) => void;

function checkCatalogTogether(read: DocumentReader, config: Pick<Config, 'catalogDir'>): void {
  const catalog = CATALOG_SPEC.build(read);
  for (const m of catalog.models()) {
    if (!vendorById(m.vendor)) {
      throw new CatalogError(
        `models.json: model "${m.key}" names unknown vendor "${m.vendor}" (known: ${VENDORS.map((v) => v.id).join(', ')})`,
      );
    }
  }
  checkToolRegistry(catalog, effectiveRegistry(TOOL_OVERRIDES_SPEC.build(read)));
  parseSystemAgents(JSON.parse(readFileSync(catalogFile(config.catalogDir, 'agents.json'), 'utf8')), catalog);
}

const only =
  (spec: { build(read: DocumentReader): unknown }): DocumentCheck =>
  (read) =>
    void spec.build(read);

export const DOCUMENT_CHECKS: Readonly<Record<CatalogDocumentName, DocumentCheck>> = {
  models: checkCatalogTogether,
  groups: checkCatalogTogether,
  tiers: checkCatalogTogether,
  tools: checkCatalogTogether,
  shop: only(SHOP_SPEC),
  signin: only(SIGNIN_SPEC),
  promos: only(PROMOS_SPEC),
  sidebar: only(SIDEBAR_SPEC),
  site: only(SITE_SPEC),
  mcp: only(MCP_SPEC),
  webdisk: only(WEBDISK_SPEC),
};
