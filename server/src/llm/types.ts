import type { CatalogModel } from '../catalog';

/** OpenAI content parts: text, or an image as a URL (a `data:` URL for uploads) for vision models. */
export type LlmContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** The message's text (also when `parts` is set, so code that reads or extends text keeps working). */
  content: string;
  /** Sent instead of `content` when present: the text plus an image for vision models. */
  parts?: LlmContentPart[];
  /** An assistant turn that asked for tools (sent as OpenAI `tool_calls`). */
  toolCalls?: LlmToolCall[];
  /** A `tool` message: the id of the call it answers. */
  toolCallId?: string;
}

/** A function tool offered to the model (OpenAI `tools[].function`). */
export interface LlmTool {
  name: string;
  description?: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** One tool call the model asked for, with its arguments assembled (a JSON text). */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface LlmStreamRequest {
  model: CatalogModel;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  signal: AbortSignal;
  /** Function tools the model may call; the stream then may yield `tool_call` deltas. */
  tools?: LlmTool[];
  /** Headers for the demo upstream only (tests and benchmarks drive its faults with them); never sent to vendors. */
  headers?: Record<string, string>;
}

/** One piece of an upstream stream. */
export type LlmDelta =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** A whole tool call (fragments assembled), yielded when the model's turn ends; only when `tools` were offered. */
  | ({ type: 'tool_call' } & LlmToolCall)
  | { type: 'usage'; promptTokens?: number; completionTokens?: number; totalTokens?: number };

export interface LlmGateway {
  /** True when replies come from the built-in demo upstream. */
  readonly demo: boolean;
  /** Whether a vendor (or the demo upstream) can serve this model now. */
  available(model: CatalogModel): boolean;
  /** Stream a completion; throws LlmError on an upstream failure, stops when `signal` aborts. */
  stream(req: LlmStreamRequest): AsyncIterable<LlmDelta>;
  close(): Promise<void>;
}
