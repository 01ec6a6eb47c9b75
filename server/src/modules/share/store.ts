import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shares } from '../../db/schema';

/**
 * SQL of share links. The owner's calls carry `user_id = caller` in their WHERE (another user's token is simply not
 * found); only the public page reads a live share by its token alone.
 */

export type ShareRow = typeof shares.$inferSelect;

export function selectLiveShares(db: Db, userId: number): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(and(eq(shares.userId, userId), isNull(shares.revokedAt)))
    .orderBy(desc(shares.createdAt));
}

/** The owner's live share of one target, if there is one (create answers it again instead of a second link). */
export async function selectLiveShareOf(db: Db, userId: number, kind: string, targetId: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.kind, kind), eq(shares.targetId, targetId), isNull(shares.revokedAt)))
    .limit(1);
  return row;
}

/** A live share by its token, for the public page. */
export async function selectLiveShare(db: Db, token: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.token, token), isNull(shares.revokedAt)))
    .limit(1);
  return row;
}

export async function insertShare(db: Db, row: { token: string; userId: number; kind: string; targetId: string }): Promise<ShareRow> {
  const [created] = await db.insert(shares).values(row).returning();
  return created!;
}

/** Revoke a live share of the user; false when the user has none with that token. */
export async function revokeShare(db: Db, userId: number, token: string, at: Date): Promise<boolean> {
  const done = await db
    .update(shares)
    .set({ revokedAt: at })
    .where(and(eq(shares.token, token), eq(shares.userId, userId), isNull(shares.revokedAt)))
    .returning({ token: shares.token });
  return done.length > 0;
}
