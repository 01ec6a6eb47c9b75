import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

/** SQL of uploads. Every read ANDs the owner's userId into its WHERE: another user's id matches nothing. */

export type UploadRow = typeof uploads.$inferSelect;
/** expiresAt: computed on the database's clock (retention.ts), null = kept for good. */
export type NewUpload = Omit<typeof uploads.$inferInsert, 'createdAt' | 'expiresAt'> & { expiresAt: SQL | null };

// ---- Query

/** The caller's live uploads among `ids` (ids of other users, and expired ones, simply do not come back). */
export async function selectOwnedUploads(db: Db, userId: number, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids]), or(isNull(uploads.expiresAt), gt(uploads.expiresAt, sql`now()`))));
}

/** A chat image from before the file store, its bytes still in the row. */
export interface ImageWithBytes {
  id: string;
  userId: number;
  name: string;
  mime: string;
  data: Buffer;
  expiresAt: Date | null;
}

const keepsBytes = and(eq(uploads.kind, 'image'), isNotNull(uploads.data), isNull(uploads.fileId));

/** Up to `limit` live images that still keep their bytes in `data` (oldest first), for the move into the file store. */
export async function selectImagesWithBytes(db: Db, limit: number): Promise<ImageWithBytes[]> {
  const rows = await db
    .select({ id: uploads.id, userId: uploads.userId, name: uploads.name, mime: uploads.mime, data: uploads.data, expiresAt: uploads.expiresAt })
    .from(uploads)
    .where(and(keepsBytes, or(isNull(uploads.expiresAt), gt(uploads.expiresAt, sql`now()`))))
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .limit(limit);
  return rows.flatMap((r) => (r.data ? [{ ...r, data: r.data }] : []));
}

/**
 * Point the image at its stored file and drop its bytes, only while it still keeps them and has no
 * file (the conditional update that makes the move safe with several movers); false when it did not.
 */
export async function attachStoredImage(db: Db, id: string, fileId: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ fileId, data: null })
    .where(and(eq(uploads.id, id), keepsBytes))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

// ---- Create

export async function insertUpload(db: Db, row: NewUpload): Promise<void> {
  await db.insert(uploads).values(row);
}

// ---- Delete

/**
 * Delete up to `limit` expired uploads, skipping rows another sweeper has claimed in the same
 * moment (FOR UPDATE SKIP LOCKED); answers how many this statement deleted and the stored files
 * (images' bytes) of those rows, for the caller to delete.
 */
export async function deleteExpiredUploads(db: Db, limit: number): Promise<{ deleted: number; fileIds: string[] }> {
  const res = (await db.execute(sql`
    DELETE FROM uploads WHERE id IN (
      SELECT id FROM uploads WHERE expires_at <= now() ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING id, file_id`)) as unknown as { rows: { id: string; file_id: string | null }[] };
  return { deleted: res.rows.length, fileIds: res.rows.flatMap((r) => (r.file_id ? [r.file_id] : [])) };
}
