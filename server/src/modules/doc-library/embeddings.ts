import type { Config } from '../../config';
import { vendorById } from '../../llm/vendors';

/**
 * Embeddings through the vendor's OpenAI-compatible POST {base}/embeddings ({model, input[]} ->
 * {data: [{index, embedding}]}), configured by DOC_EMBEDDINGS_* (docs/config.md). Without a model
 * or an endpoint there is none, and retrieval is full text alone. The endpoint is the operator's,
 * never a user's, so it is called directly.
 */

export interface Embedder {
  model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Inputs per request: vendors take 16 to 2048; 16 fits all of them. */
export const EMBED_BATCH = 16;
/** Characters of one input: a passage is ~600, a question at most 500. */
const MAX_INPUT_CHARS = 2000;
const TIMEOUT_MS = 60_000;

export class EmbeddingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

export function embedderFor(config: Pick<Config, 'docEmbeddings'>): Embedder | null {
  const { model, vendor, apiKey } = config.docEmbeddings;
  const baseUrl = config.docEmbeddings.baseUrl ?? (vendor ? vendorById(vendor)?.defaultBaseUrl : undefined);
  if (!model || !baseUrl) return null;
  const url = `${baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    model,
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const batch = texts.slice(i, i + EMBED_BATCH).map((t) => t.slice(0, MAX_INPUT_CHARS) || ' ');
        out.push(...(await embedBatch(url, apiKey, model, batch, signal)));
      }
      return out;
    },
  };
}

async function embedBatch(
  url: string,
  apiKey: string | undefined,
  model: string,
  input: string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ model, input }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    throw new EmbeddingError(`embeddings request failed: ${(err as Error).message}`);
  }
  if (!res.ok) throw new EmbeddingError(`embeddings answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as { data?: { index?: number; embedding?: unknown }[] } | null;
  const data = body?.data;
  if (!Array.isArray(data) || data.length !== input.length) throw new EmbeddingError('embeddings answer has the wrong number of vectors');
  const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return sorted.map((d) => {
    const v = d.embedding;
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new EmbeddingError('embeddings answer is not a vector');
    return v as number[];
  });
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
