import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Catalog, CatalogModel } from '../catalog';

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

export async function createLlmGateway(_config: Config, _catalog: Catalog, _logger: FastifyBaseLogger): Promise<LlmGateway> {
  throw new Error('not built yet');
}
