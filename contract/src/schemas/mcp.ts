import { z } from 'zod';

/** MCP servers (docs/product/custom-models.md §3, §5, §9: 5 configured, 4 enabled, at most 4 connected). */
export const MCP_MAX_CONNECTED = 4;

/** One configured server (server/catalog/mcp.json, or MCP_SERVERS_JSON). Status 1 = on. */
export const McpServerConfigSchema = z.strictObject({
  /** Short ASCII name: tools are offered to models as `<name>__<tool>`. */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,23}$/, 'name: lower-case letters, digits and -, at most 24'),
  description: z.string().trim().min(1).max(200),
  type: z.literal('streamable_http'),
  status: z.union([z.literal(0), z.literal(1)]),
  url: z.url({ protocol: /^https?$/ }),
});
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

/** An empty list switches MCP off (the API tests' default: they never reach public servers). */
export const McpServersFileSchema = z.array(McpServerConfigSchema).max(20);

/** GET /api/v1/mcp/servers: one row of the display-only list (2.11). */
export interface McpServerView {
  name: string;
  description: string;
  type: 'streamable_http';
  url: string;
  status: 0 | 1;
  connected: boolean;
  toolCount: number;
  /** Why it is not connected (limit reached, connection failed), in Chinese; absent when fine or off. */
  error?: string;
}

export interface McpServersRes {
  max: number;
  servers: McpServerView[];
}

/** GET /api/v1/mcp/tools: the tools offered to tools-capable models. */
export interface McpToolView {
  /** Namespaced name the model calls: `<server>__<tool>`. */
  name: string;
  server: string;
  tool: string;
  description: string;
}

export interface McpToolsRes {
  tools: McpToolView[];
}
