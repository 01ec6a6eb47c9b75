import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

/** SQL of stored files. Every read by a user ANDs the owner into its WHERE: another user's id matches nothing. */

export type FileRow = typeof files.$inferSelect;
/** expiresAt: a Date, an SQL expression on the database's clock (uploads' retention), or null to keep it. */
export type NewFile = Omit<typeof files.$inferInsert, 'createdAt' | 'expiresAt' | 'thumbKey'> & { expiresAt: Date | SQL | null };

const live = or(isNull(files.expiresAt), gt(files.expiresAt, sql`now()`));

// ---- Query

/** The owner's file, unless it has expired. */
export async function selectOwnFile(db: Db, userId: number, id: string): Promise<FileRow | undefined> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId), live))
    .limit(1);
  return rows[0];
}

/** The owner's live files among `ids` (others' and expired ones do not come back). */
export async function selectOwnFiles(db: Db, userId: number, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, [...ids]), live));
}

// ---- Create

export async function insertFile(db: Db, row: NewFile): Promise<void> {
  await db.insert(files).values(row);
}

// ---- Update

/** Record the thumbnail made for a file (first request makes it; a second maker writes the same key). */
export async function setThumbKey(db: Db, userId: number, id: string, thumbKey: string): Promise<void> {
  await db
    .update(files)
    .set({ thumbKey })
    .where(and(eq(files.id, id), eq(files.userId, userId)));
}

// ---- Delete

/** Delete the owner's file row; answers the keys its bytes (and thumbnail) live under, or null when it was not theirs. */
export async function deleteOwnFileRow(db: Db, userId: number, id: string): Promise<Pick<FileRow, 'key' | 'thumbKey'> | null> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.userId, userId)))
    .returning({ key: files.key, thumbKey: files.thumbKey });
  return rows[0] ?? null;
}

/** Delete rows by id whoever owns them (a feature deleting the files it made); answers their keys. */
export async function deleteFileRows(db: Db, ids: readonly string[]): Promise<Pick<FileRow, 'key' | 'thumbKey'>[]> {
  if (ids.length === 0) return [];
  return db
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning({ key: files.key, thumbKey: files.thumbKey });
}

/**
 * Delete up to `limit` expired file rows, skipping rows another sweeper claimed in the same moment
 * (FOR UPDATE SKIP LOCKED); answers their keys so the caller deletes the bytes.
 */
export async function deleteExpiredFileRows(db: Db, limit: number): Promise<{ key: string; thumbKey: string | null }[]> {
  const res = (await db.execute(sql`
    DELETE FROM files WHERE id IN (
      SELECT id FROM files WHERE expires_at <= now() ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING key, thumb_key`)) as unknown as { rows: { key: string; thumb_key: string | null }[] };
  return res.rows.map((r) => ({ key: r.key, thumbKey: r.thumb_key }));
}
