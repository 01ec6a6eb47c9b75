import { API_KEYS_MSG as M } from '@wanxiang/contract';
import { z } from 'zod';
import type { LlmContentPart, LlmMessage, LlmTool } from '../../llm/types';
import { badBody } from './errors';

/**
 * The body of POST /v1/chat/completions as far as we read it (OpenAI's Chat Completions API). Unknown fields are
 * ignored, as OpenAI-compatible servers commonly do; `n`>1, logprobs and response_format are not offered.
 */
const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string() }) });
const content = z.union([z.string(), z.array(z.union([textPart, imagePart])), z.null()]).optional();
const toolCall = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content,
  tool_calls: z.array(toolCall).optional(),
  tool_call_id: z.string().optional(),
});
const tool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const CompletionBodySchema = z.object({
  model: z.string({ error: M.openaiModelRequired }).min(1, { error: M.openaiModelRequired }).max(128),
  messages: z.array(message, { error: M.openaiMessagesRequired }).min(1, { error: M.openaiMessagesRequired }).max(500),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  tools: z.array(tool).max(128).optional(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  n: z.literal(1).nullish(),
});
export type CompletionBody = z.infer<typeof CompletionBodySchema>;

/** Parse the body or throw a 400 naming the first wrong field. */
export function parseCompletionBody(input: unknown): CompletionBody {
  const r = CompletionBodySchema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = issue.path.join('.');
  if (issue.path[0] === 'model' || (issue.path[0] === 'messages' && issue.path.length === 1)) throw badBody(issue.message);
  throw badBody(M.openaiBadBody(where ? `${where} 字段不正确` : '不是 JSON 对象'));
}

/** The caller's messages in the gateway's shape (a `developer` message is a system message to our vendors). */
export function toLlmMessages(messages: CompletionBody['messages']): LlmMessage[] {
  return messages.map((m) => {
    const parts: LlmContentPart[] | undefined = Array.isArray(m.content) ? m.content : undefined;
    const text = typeof m.content === 'string' ? m.content : (parts ?? []).flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    const out: LlmMessage = { role: m.role === 'developer' ? 'system' : m.role, content: text };
    if (parts?.some((p) => p.type === 'image_url')) out.parts = parts;
    if (m.tool_calls?.length)
      out.toolCalls = m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments }));
    if (m.tool_call_id) out.toolCallId = m.tool_call_id;
    return out;
  });
}

export function toLlmTools(tools: CompletionBody['tools']): LlmTool[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    parameters: t.function.parameters ?? { type: 'object', properties: {} },
  }));
}
