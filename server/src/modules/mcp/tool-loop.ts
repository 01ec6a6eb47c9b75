import type { StreamEventMap } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { LlmDelta, LlmStreamRequest } from '../../llm/gateway';

/** A tool event to forward on the reader's stream. */
export type ToolEvent = { event: 'tool_call'; data: StreamEventMap['tool_call'] } | { event: 'tool_result'; data: StreamEventMap['tool_result'] };

export interface ToolLoopOptions {
  /** One upstream call (a catalog model through the gateway, or a custom provider). */
  stream: (req: LlmStreamRequest) => AsyncIterable<LlmDelta>;
  request: LlmStreamRequest;
  /** Called for each tool call and result, in order, so the route can write them to its SSE stream. */
  onToolEvent: (e: ToolEvent) => void;
}

/**
 * Stream a reply from a model that may use the connected MCP servers' tools: offers their
 * tools, runs each call the model asks for, feeds the results back, and yields the deltas of
 * the final answer. Being built by the MCP area: for now it streams without tools.
 */
export async function* streamWithTools(_ctx: AppContext, opts: ToolLoopOptions): AsyncIterable<LlmDelta> {
  yield* opts.stream(opts.request);
}
