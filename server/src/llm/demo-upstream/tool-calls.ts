import type { ServerResponse } from 'node:http';
import type { CompletionBody, DemoTool } from './protocol';

/**
 * Tool calling in the demo upstream, deterministic: when tools are offered and the question
 * names one (or asks 使用工具 / 调用工具), the reply is a streamed call of the first matching tool
 * with arguments built from its JSON Schema and the question; once tool answers follow, the
 * reply is a text quoting them. Otherwise the demo answers as usual.
 */
export type ToolTurn = { kind: 'call'; call: { id: string; name: string; arguments: string } } | { kind: 'answer'; text: string };

const ASKS_FOR_A_TOOL = /使用工具|调用工具|use (a |the )?tool|call (a |the )?tool/i;
/** Quoted tool output is capped so a long page does not make a long demo answer. */
const QUOTE_CAP = 600;

export function planToolTurn(body: CompletionBody): ToolTurn | undefined {
  if (body.toolResults.length) return { kind: 'answer', text: quoteResults(body.toolResults) };
  if (!body.tools.length) return undefined;
  const question = body.lastUserText;
  const tool = pickTool(body.tools, question);
  if (!tool) return undefined;
  return { kind: 'call', call: { id: `call_demo_${hash(question + tool.name)}`, name: tool.name, arguments: JSON.stringify(argumentsFor(tool, question)) } };
}

/**
 * The first tool whose full name the question mentions, or whose short name (after `server__`)
 * it mentions beside the word 工具 / tool; else the first tool when a tool is asked for.
 */
function pickTool(tools: DemoTool[], question: string): DemoTool | undefined {
  const q = question.toLowerCase();
  const saysTool = /工具|tool/.test(q);
  const named = tools.find((t) => {
    const short = t.name.split('__').pop()!.toLowerCase();
    return q.includes(t.name.toLowerCase()) || (saysTool && new RegExp(`(^|[^a-z0-9_])${escapeRe(short)}($|[^a-z0-9_])`).test(q));
  });
  if (named) return named;
  return ASKS_FOR_A_TOOL.test(question) ? tools[0] : undefined;
}

/** Arguments from the schema: strings get the question (or a URL in it), numbers the numbers in it in order. */
export function argumentsFor(tool: DemoTool, question: string): Record<string, unknown> {
  const props = isObject(tool.parameters.properties) ? tool.parameters.properties : {};
  const required = Array.isArray(tool.parameters.required) ? tool.parameters.required.filter((r): r is string => typeof r === 'string') : [];
  const names = required.length ? required : Object.keys(props).slice(0, 1);
  const numbers = (question.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const url = question.match(/https?:\/\/[^\s，。]+/)?.[0];
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const schema = isObject(props[name]) ? props[name] : {};
    if (Array.isArray(schema.enum) && schema.enum.length) out[name] = schema.enum[0];
    else if (schema.type === 'number' || schema.type === 'integer') out[name] = numbers.shift() ?? 1;
    else if (schema.type === 'boolean') out[name] = true;
    else if (schema.type === 'array') out[name] = [];
    else if (schema.type === 'object') out[name] = {};
    else out[name] = /url|link|href/i.test(name) && url ? url : question;
  }
  return out;
}

function quoteResults(results: { name: string; content: string }[]): string {
  const parts = results.map((r) => {
    const text = r.content.length > QUOTE_CAP ? `${r.content.slice(0, QUOTE_CAP)}…` : r.content;
    const quoted = (text || '（空）').split('\n').map((l) => `> ${l}`).join('\n');
    return `工具 \`${r.name || 'tool'}\` 返回：\n\n${quoted}`;
  });
  return `${parts.join('\n\n')}\n\n以上是根据工具结果给出的回答。`;
}

/** Stream a tool call the way OpenAI does: the id and name first, the arguments in fragments, then finish_reason tool_calls. */
export function streamToolCall(res: ServerResponse, model: string, call: { id: string; name: string; arguments: string }, includeUsage: boolean): void {
  const id = `chatcmpl-demo${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, null));
  const mid = Math.ceil(call.arguments.length / 2);
  for (const piece of [call.arguments.slice(0, mid), call.arguments.slice(mid)]) {
    if (piece) res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null));
  }
  res.write(chunk({}, 'tool_calls'));
  if (includeUsage) {
    const n = Math.ceil(call.arguments.length / 2);
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: n, total_tokens: 10 + n } })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
