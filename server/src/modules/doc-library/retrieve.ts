import type { DocPassage, DocSearchRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { cosine, embedderFor } from './embeddings';
import { tsQueryOf } from './segment';
import { chunkEmbeddings, fullTextHits, pgvectorHits, selectChunks, type ChunkHit, type DocFileRow } from './store';
import { hasPgvector } from './vectors';

/**
 * Hybrid retrieval over one document: the full-text ranking (segmented words, ts_rank) and, when
 * the document was embedded and the embedding model still answers, the vector ranking (pgvector,
 * or cosine in the server), fused by reciprocal rank fusion: score = Σ 1/(K + rank). RRF needs no
 * calibration between the two scores, and a passage both rankings like rises to the top.
 */

export type RetrieveContext = Pick<AppContext, 'database' | 'config'>;

/** RRF's damping constant (the usual 60): lower ranks still count, the top ones count most. */
const RRF_K = 60;
/** Candidates each ranking gives the fusion. */
const CANDIDATES = 30;
export const DEFAULT_PASSAGES = 5;

export async function searchDocument(ctx: RetrieveContext, doc: DocFileRow, query: string, k = DEFAULT_PASSAGES): Promise<DocSearchRes> {
  const db = ctx.database.db;
  const tsquery = tsQueryOf(query);
  const text = tsquery ? await fullTextHits(db, doc.userId, doc.id, tsquery, CANDIDATES) : [];
  const vector = await vectorHits(ctx, doc, query);
  const fused = fuse(vector ? [text, vector] : [text]).slice(0, k);
  const rows = await selectChunks(
    db,
    doc.userId,
    doc.id,
    fused.map((f) => f.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const passages: DocPassage[] = fused.flatMap((f, i) => {
    const r = byId.get(f.id);
    return r ? [{ n: i + 1, chunk_id: r.id, page: r.page, section: r.section, content: r.content, score: Number(f.score.toFixed(6)) }] : [];
  });
  return { file_id: doc.id, query, mode: vector ? 'hybrid' : 'fulltext', passages };
}

/** The vector ranking, or null when the document has no embeddings or the model cannot embed the question now. */
async function vectorHits(ctx: RetrieveContext, doc: DocFileRow, query: string): Promise<ChunkHit[] | null> {
  const embedder = embedderFor(ctx.config);
  if (!embedder || !doc.embeddingModel || doc.embeddingModel !== embedder.model) return null;
  let q: number[];
  try {
    [q] = (await embedder.embed([query])) as [number[]];
  } catch {
    // The full-text ranking still answers: a vendor hiccup must not fail a question.
    return null;
  }
  if (await hasPgvector(ctx.database)) return pgvectorHits(ctx.database.db, doc.userId, doc.id, q, CANDIDATES);
  const all = await chunkEmbeddings(ctx.database.db, doc.userId, doc.id);
  return all
    .map((c) => ({ id: c.id, score: cosine(q, c.embedding) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, CANDIDATES);
}

/** Reciprocal rank fusion of rankings (each best first). */
export function fuse(rankings: readonly ChunkHit[][]): ChunkHit[] {
  const score = new Map<number, number>();
  for (const ranking of rankings) ranking.forEach((hit, rank) => score.set(hit.id, (score.get(hit.id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...score.entries()].map(([id, s]) => ({ id, score: s })).sort((a, b) => b.score - a.score || a.id - b.id);
}
