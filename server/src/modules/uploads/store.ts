import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

/** SQL of uploads. Every read ANDs the owner's userId into its WHERE: another user's id matches nothing. */

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, 'createdAt'>;

// ---- Query

/** The caller's uploads among `ids` (ids of other users simply do not come back). */
export async function selectOwnedUploads(db: Db, userId: number, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids])));
}

// ---- Create

export async function insertUpload(db: Db, row: NewUpload): Promise<void> {
  await db.insert(uploads).values(row);
}
