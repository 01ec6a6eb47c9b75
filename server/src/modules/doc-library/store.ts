import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { docChunks, docFiles } from '../../db/schema';

/** SQL of the document library. Every read ANDs the owner's userId into its WHERE: another user's id matches nothing. */

export type DocFileRow = typeof docFiles.$inferSelect;
export type NewDocFile = typeof docFiles.$inferInsert;

export async function insertDocFile(db: Db, row: NewDocFile): Promise<void> {
  await db.insert(docFiles).values(row);
}

export async function selectOwnDoc(db: Db, userId: number, id: string): Promise<DocFileRow | undefined> {
  const [row] = await db
    .select()
    .from(docFiles)
    .where(and(eq(docFiles.userId, userId), eq(docFiles.id, id)));
  return row;
}

export async function listOwnDocs(db: Db, userId: number): Promise<DocFileRow[]> {
  return db.select().from(docFiles).where(eq(docFiles.userId, userId)).orderBy(desc(docFiles.createdAt), desc(docFiles.id));
}

export async function countOwnDocs(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(docFiles).where(eq(docFiles.userId, userId));
  return row?.n ?? 0;
}

export async function updateDoc(db: Db | Executor, userId: number, id: string, set: Partial<NewDocFile>): Promise<void> {
  await (db as Db)
    .update(docFiles)
    .set(set)
    .where(and(eq(docFiles.userId, userId), eq(docFiles.id, id)));
}

/** Delete the document and its chunks; answers the deleted row (for its stored file and task), or undefined. */
export async function deleteOwnDoc(db: Db, userId: number, id: string): Promise<DocFileRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(docFiles)
      .where(and(eq(docFiles.userId, userId), eq(docFiles.id, id)))
      .returning();
    if (row) await tx.delete(docChunks).where(and(eq(docChunks.userId, userId), eq(docChunks.docId, id)));
    return row;
  });
}

export interface NewChunk {
  seq: number;
  page: number | null;
  section: string;
  content: string;
  tokens: string;
}

export async function deleteChunks(db: Db, userId: number, docId: string): Promise<void> {
  await db.delete(docChunks).where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId)));
}

export async function insertChunks(db: Db, userId: number, docId: string, rows: readonly NewChunk[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(docChunks).values(rows.map((r) => ({ ...r, userId, docId })));
}

export async function setChunkEmbeddings(
  db: Db,
  userId: number,
  docId: string,
  seqs: readonly number[],
  vectors: readonly number[][],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < seqs.length; i++) {
      await tx
        .update(docChunks)
        .set({ embedding: vectors[i]! })
        .where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId), eq(docChunks.seq, seqs[i]!)));
    }
  });
}

/** Chunks of a document in order, seq >= from, at most `limit` (indexing reads them back to embed). */
export async function selectChunkTexts(
  db: Db,
  userId: number,
  docId: string,
  from: number,
  limit: number,
): Promise<{ seq: number; content: string }[]> {
  return db
    .select({ seq: docChunks.seq, content: docChunks.content })
    .from(docChunks)
    .where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId), sql`${docChunks.seq} >= ${from}`))
    .orderBy(asc(docChunks.seq))
    .limit(limit);
}

export interface ChunkHit {
  id: number;
  score: number;
}

/** Full-text hits: chunks matching any word of the tsquery, best ts_rank first. */
export async function fullTextHits(db: Db, userId: number, docId: string, tsquery: string, limit: number): Promise<ChunkHit[]> {
  const res = (await db.execute(sql`
    SELECT id, ts_rank(to_tsvector('simple', tokens), q) AS score
    FROM doc_chunks, to_tsquery('simple', ${tsquery}) AS q
    WHERE doc_id = ${docId} AND user_id = ${userId} AND to_tsvector('simple', tokens) @@ q
    ORDER BY score DESC, seq ASC LIMIT ${limit}`)) as unknown as { rows: { id: string | number; score: number }[] };
  return res.rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
}

/** Nearest chunks by cosine distance, computed by pgvector (real[] cast to vector). */
export async function pgvectorHits(db: Db, userId: number, docId: string, query: readonly number[], limit: number): Promise<ChunkHit[]> {
  const literal = `[${query.join(',')}]`;
  const res = (await db.execute(sql`
    SELECT id, 1 - (embedding::vector <=> ${literal}::vector) AS score
    FROM doc_chunks
    WHERE doc_id = ${docId} AND user_id = ${userId} AND embedding IS NOT NULL AND cardinality(embedding) = ${query.length}
    ORDER BY embedding::vector <=> ${literal}::vector LIMIT ${limit}`)) as unknown as { rows: { id: string | number; score: number }[] };
  return res.rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
}

/** A passage as read back for answers and overviews: everything but its embedding and search tokens. */
const PASSAGE_COLUMNS = {
  id: docChunks.id,
  docId: docChunks.docId,
  userId: docChunks.userId,
  seq: docChunks.seq,
  page: docChunks.page,
  section: docChunks.section,
  content: docChunks.content,
};

/** Every embedded chunk of a document, for comparing in the server where the database has no pgvector. */
export async function chunkEmbeddings(db: Db, userId: number, docId: string): Promise<{ id: number; embedding: number[] }[]> {
  const rows = await db
    .select({ id: docChunks.id, embedding: docChunks.embedding })
    .from(docChunks)
    .where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId), sql`${docChunks.embedding} IS NOT NULL`));
  return rows.flatMap((r) => (r.embedding ? [{ id: r.id, embedding: r.embedding }] : []));
}

export type ChunkRow = typeof docChunks.$inferSelect;

export async function selectChunks(
  db: Db,
  userId: number,
  docId: string,
  ids: readonly number[],
): Promise<Omit<ChunkRow, 'embedding' | 'tokens'>[]> {
  if (ids.length === 0) return [];
  return db
    .select(PASSAGE_COLUMNS)
    .from(docChunks)
    .where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId), inArray(docChunks.id, [...ids])));
}

/** The first chunks of a document (summary material) and every distinct section/page head (outline material). */
export async function leadingChunks(
  db: Db,
  userId: number,
  docId: string,
  limit: number,
): Promise<Omit<ChunkRow, 'embedding' | 'tokens'>[]> {
  return db
    .select(PASSAGE_COLUMNS)
    .from(docChunks)
    .where(and(eq(docChunks.userId, userId), eq(docChunks.docId, docId)))
    .orderBy(asc(docChunks.seq))
    .limit(limit);
}

/** The first chunk of each section (or page, when the format has no headings), in document order. */
export async function sectionHeads(
  db: Db,
  userId: number,
  docId: string,
  limit: number,
): Promise<{ seq: number; page: number | null; section: string; content: string }[]> {
  const res = (await db.execute(sql`
    SELECT seq, page, section, content FROM (
      SELECT seq, page, section, content,
             lag(section) OVER (ORDER BY seq) AS prev_section, lag(page) OVER (ORDER BY seq) AS prev_page
      FROM doc_chunks WHERE doc_id = ${docId} AND user_id = ${userId}
    ) t
    WHERE prev_section IS DISTINCT FROM section OR (section = '' AND prev_page IS DISTINCT FROM page)
    ORDER BY seq LIMIT ${limit}`)) as unknown as { rows: { seq: number; page: number | null; section: string; content: string }[] };
  return res.rows.map((r) => ({ ...r, seq: Number(r.seq), page: r.page === null ? null : Number(r.page) }));
}
