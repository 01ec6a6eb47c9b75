import { setTimeout as delay } from 'node:timers/promises';
import type { StreamEventMap } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { LlmDelta, LlmStreamRequest } from '../../llm/gateway';
import type { LlmMessage, LlmTool, LlmToolCall } from '../../llm/types';
import { mcpRegistryOf } from './store';
import { serverOf } from './tool-text';

/** A tool event to forward on the reader's stream. */
export type ToolEvent = { event: 'tool_call'; data: StreamEventMap['tool_call'] } | { event: 'tool_result'; data: StreamEventMap['tool_result'] };

export interface ToolLoopOptions {
  /** One upstream call (a catalog model through the gateway, or a custom provider). */
  stream: (req: LlmStreamRequest) => AsyncIterable<LlmDelta>;
  request: LlmStreamRequest;
  /** Called for each tool call and result, in order, so the route can write them to its SSE stream. */
  onToolEvent: (e: ToolEvent) => void;
}

/** Longest a turn waits for servers still connecting. */
const TURN_CONNECT_WAIT_MS = 3_000;

/** Rounds in which the model may ask for tools; the round after the last is asked without tools, for the answer. */
export const MAX_TOOL_ROUNDS = 5;

/**
 * Stream a reply from a model that may use the connected MCP servers' tools: offers their
 * tools, runs each call the model asks for, feeds the results back, and yields the deltas of
 * the answer (text and reasoning as they come, usage summed over the rounds once at the end).
 * With no server reachable it is a plain stream. Only call it for models whose functions include tools.
 */
export async function* streamWithTools(ctx: AppContext, opts: ToolLoopOptions): AsyncIterable<LlmDelta> {
  const registry = mcpRegistryOf(ctx);
  // A slow server does not hold the answer up: it keeps connecting and serves the next turn.
  await Promise.race([registry.connectAll(), delay(TURN_CONNECT_WAIT_MS, undefined, { ref: false })]);
  const offered: LlmTool[] = registry.tools().map(({ name, description, parameters }) => ({ name, description, parameters }));
  if (!offered.length || opts.request.signal.aborted) {
    yield* opts.stream(opts.request);
    return;
  }
  const messages: LlmMessage[] = [...opts.request.messages];
  const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0, seen: false };
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const withTools = round < MAX_TOOL_ROUNDS;
    const calls: LlmToolCall[] = [];
    let text = '';
    for await (const d of opts.stream({ ...opts.request, messages, tools: withTools ? offered : undefined })) {
      if (d.type === 'tool_call') {
        calls.push({ id: d.id, name: d.name, arguments: d.arguments });
      } else if (d.type === 'usage') {
        usage.seen = true;
        usage.promptTokens += d.promptTokens ?? 0;
        usage.completionTokens += d.completionTokens ?? 0;
        usage.totalTokens += d.totalTokens ?? (d.promptTokens ?? 0) + (d.completionTokens ?? 0);
      } else {
        if (d.type === 'text') text += d.text;
        yield d;
      }
    }
    if (!calls.length || !withTools) break;
    messages.push({ role: 'assistant', content: text, toolCalls: calls });
    for (const call of calls) {
      if (opts.request.signal.aborted) return;
      const server = serverOf(call.name);
      const short = server ? call.name.slice(server.length + 2) : call.name;
      opts.onToolEvent({ event: 'tool_call', data: { id: call.id, name: short, ...(server ? { server } : {}), arguments: call.arguments } });
      const result = await registry.call(call.name, call.arguments, opts.request.signal);
      opts.onToolEvent({ event: 'tool_result', data: { id: call.id, name: short, ok: result.ok, content: result.content } });
      messages.push({ role: 'tool', content: result.content, toolCallId: call.id });
    }
  }
  if (usage.seen) {
    const { seen: _seen, ...sum } = usage;
    yield { type: 'usage', ...sum };
  }
}
