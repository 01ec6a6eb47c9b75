import type { IncomingMessage, ServerResponse } from 'node:http';

/** The OpenAI wire details of the demo upstream: request parsing and JSON answers. */

const BODY_LIMIT = 2 * 1024 * 1024;

export function sendModels(res: ServerResponse): void {
  const created = 1_700_000_000;
  const ids = ['wanxiang-demo', 'wanxiang-demo-reasoner'];
  sendJson(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created, owned_by: 'wanxiang-demo' })) });
}

export function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status < 500) return 'invalid_request_error';
  return 'server_error';
}

export function sendError(res: ServerResponse, status: number, message: string, type: string): void {
  sendJson(res, status, { error: { message, type, param: null, code: status === 429 ? 'rate_limit_exceeded' : null } });
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export type JsonRead = { ok: true; value: unknown } | { ok: false; status: number; message: string };

export async function readJson(req: IncomingMessage): Promise<JsonRead> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return { ok: false, status: 413, message: 'Request body too large' };
    parts.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'Request body is not valid JSON' };
  }
}

export interface CompletionBody {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  lastUserText: string;
  /** The system messages, joined: a model's instructions (e.g. the chart model asks for ```echarts). */
  systemText: string;
  promptChars: number;
  /** Function tools offered with the request (name, description, JSON Schema). */
  tools: DemoTool[];
  /** The tool answers after the last user message (the model's next step reads them). */
  toolResults: { name: string; content: string }[];
}

export interface DemoTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function parseCompletionBody(value: unknown): CompletionBody | null {
  if (!isObject(value) || !Array.isArray(value.messages) || value.messages.length === 0) return null;
  let lastUserText = '';
  let systemText = '';
  let promptChars = 0;
  let toolResults: { name: string; content: string }[] = [];
  const callNames = new Map<string, string>();
  for (const m of value.messages) {
    if (!isObject(m)) return null;
    const text = contentText(m.content);
    promptChars += text.length;
    if (m.role === 'user') {
      lastUserText = text;
      toolResults = [];
    }
    if (m.role === 'system') systemText += `${text}\n`;
    if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      for (const c of m.tool_calls)
        if (isObject(c) && typeof c.id === 'string' && isObject(c.function)) callNames.set(c.id, String(c.function.name ?? ''));
    }
    if (m.role === 'tool') toolResults.push({ name: callNames.get(String(m.tool_call_id)) ?? '', content: text });
  }
  const options = isObject(value.stream_options) ? value.stream_options : {};
  return {
    model: typeof value.model === 'string' && value.model ? value.model : 'wanxiang-demo',
    stream: value.stream === true,
    includeUsage: options.include_usage === true,
    lastUserText,
    systemText,
    promptChars,
    tools: parseTools(value.tools),
    toolResults,
  };
}

function parseTools(raw: unknown): DemoTool[] {
  if (!Array.isArray(raw)) return [];
  const out: DemoTool[] = [];
  for (const t of raw) {
    const fn = isObject(t) && isObject(t.function) ? t.function : undefined;
    if (!fn || typeof fn.name !== 'string' || !fn.name) continue;
    out.push({
      name: fn.name,
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: isObject(fn.parameters) ? fn.parameters : {},
    });
  }
  return out;
}

/** Text of a message content: a string or OpenAI content parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isObject(p) && p.type === 'text' && typeof p.text === 'string' ? p.text : ''))
    .filter(Boolean)
    .join('\n');
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
