import type { CatalogModel } from '../catalog';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmStreamRequest {
  model: CatalogModel;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  signal: AbortSignal;
  /** Headers for the demo upstream only (tests and benchmarks drive its faults with them); never sent to vendors. */
  headers?: Record<string, string>;
}

/** One piece of an upstream stream. */
export type LlmDelta =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
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
