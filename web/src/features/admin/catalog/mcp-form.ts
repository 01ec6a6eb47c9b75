/**
 * The MCP servers document (server/catalog/mcp.json: a list, contract McpServersFileSchema) as the console's table and
 * drawer form. The schema has no headers or secrets: a server is a name, a description, an http(s) URL over
 * streamable HTTP, and on/off. Fields the form does not show are kept from the entry as loaded.
 */

/** The schema's cap (McpServersFileSchema .max(20)). */
export const MCP_MAX_SERVERS = 20;
/** The schema's name rule: tools are offered to models as `<name>__<tool>`. */
export const MCP_NAME_RE = /^[a-z0-9][a-z0-9-]{0,23}$/;

export interface McpServerDoc {
  name: string;
  description: string;
  type: 'streamable_http';
  status: 0 | 1;
  url: string;
  [field: string]: unknown;
}

export type McpContent = McpServerDoc[];

export interface McpFormValues {
  name: string;
  description: string;
  url: string;
  enabled: boolean;
}

export function isMcpContent(v: unknown): v is McpContent {
  return Array.isArray(v) && v.every((s) => !!s && typeof s === 'object' && typeof (s as McpServerDoc).name === 'string');
}

/** An http(s) URL, as the schema's z.url({ protocol: /^https?$/ }) accepts. */
export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export const mcpValuesOf = (s: McpServerDoc): McpFormValues => ({ name: s.name, description: s.description ?? '', url: s.url ?? '', enabled: s.status === 1 });

/** The list with the server saved: in place at `index`, or added at the end when `index` is null. */
export function withMcpServer(content: McpContent, index: number | null, v: McpFormValues): McpContent {
  const before = index === null ? undefined : content[index];
  const server: McpServerDoc = { ...before, name: v.name.trim(), description: v.description.trim(), type: 'streamable_http', status: v.enabled ? 1 : 0, url: v.url.trim() };
  return index === null ? [...content, server] : content.map((s, i) => (i === index ? server : s));
}

export const withoutMcpServer = (content: McpContent, index: number): McpContent => content.filter((_, i) => i !== index);

export const withMcpStatus = (content: McpContent, index: number, enabled: boolean): McpContent =>
  content.map((s, i) => (i === index ? { ...s, status: enabled ? 1 : 0 } : s));

/** A new server's starting values: a free placeholder name, off until the operator turns it on. */
export function newMcpValues(content: McpContent, base: string): McpFormValues {
  const taken = new Set(content.map((s) => s.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return { name, description: '', url: 'https://', enabled: false };
}

/**
 * Whether the server's refusal names the entry at `index`: zod paths start with it (`mcp.json: 3.url: …`), the
 * duplicate check quotes the name (`duplicate server name "fetch"`).
 */
export function mcpEntryNamed(problem: string | null, index: number, name: string): boolean {
  if (!problem) return false;
  return new RegExp(`(^|[\\s:;])${index}\\.`).test(problem) || problem.includes(`"${name}"`);
}
