import { McpServersFileSchema, type McpServerConfig } from '@wanxiang/contract';
import type { LiveSpec } from '../../catalog/documents/live';

export class McpConfigError extends Error {
  override name = 'McpConfigError';
}

/**
 * The configured MCP servers (docs/product/custom-models.md §3: 5 configured, 4 enabled): the list saved in the admin
 * console, else MCP_SERVERS_JSON when set (tests, intranets), else mcp.json of the catalog (CATALOG_DIR copy or the
 * shipped one). A bad list stops the boot (and a console save) with the source, the entry and the field at fault.
 */
export function parseMcpServers(json: unknown, source = 'mcp.json'): McpServerConfig[] {
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

export const MCP_SPEC: LiveSpec<McpServerConfig[]> = { documents: ['mcp'], build: (read) => parseMcpServers(read('mcp')) };
