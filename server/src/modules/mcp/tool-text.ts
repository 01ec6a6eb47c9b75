/** Names and texts of MCP tools as models and readers see them. */

/** OpenAI function names: letters, digits, _ and -, at most 64. */
const MAX_NAME = 64;

/** `<server>__<tool>`, with characters vendors refuse replaced and the tool part cut to fit. */
export function toolName(server: string, tool: string): string {
  const head = `${server}__`;
  const clean = tool.replace(/[^A-Za-z0-9_-]/g, '_') || 'tool';
  return head + clean.slice(0, MAX_NAME - head.length);
}

/** The server part of a namespaced name (for events of unknown tools too). */
export function serverOf(name: string): string | undefined {
  const i = name.indexOf('__');
  return i > 0 ? name.slice(0, i) : undefined;
}

interface ContentItem {
  type?: unknown;
  text?: unknown;
  mimeType?: unknown;
  resource?: { uri?: unknown; text?: unknown };
  uri?: unknown;
  name?: unknown;
}

/** A tool result as text: its text items joined, other items named, capped at `max` characters. */
export function resultText(result: { content?: unknown; structuredContent?: unknown; toolResult?: unknown }, max: number): string {
  const parts: string[] = [];
  if (Array.isArray(result.content)) {
    for (const raw of result.content as ContentItem[]) {
      if (!raw || typeof raw !== 'object') continue;
      if (raw.type === 'text' && typeof raw.text === 'string') parts.push(raw.text);
      else if (raw.type === 'image') parts.push(`[image ${String(raw.mimeType ?? '')}]`.trim());
      else if (raw.type === 'audio') parts.push(`[audio ${String(raw.mimeType ?? '')}]`.trim());
      else if (raw.type === 'resource' && raw.resource) {
        parts.push(typeof raw.resource.text === 'string' ? raw.resource.text : String(raw.resource.uri ?? ''));
      } else if (raw.type === 'resource_link') parts.push(String(raw.uri ?? raw.name ?? ''));
    }
  }
  let text = parts.filter(Boolean).join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (!text && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  return cap(text, max);
}

export function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
