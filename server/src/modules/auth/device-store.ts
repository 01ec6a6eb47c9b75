import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceTokens } from '../../db/schema';

/** SQL of remembered-account device tokens; only SHA-256 hashes are stored. */

export async function insertDeviceToken(db: Db, t: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(deviceTokens).values(t);
}

/**
 * The live token of a hash (not revoked, not expired at `at`), marking it used in the same
 * statement so a revoked or expired token can never be touched.
 */
export async function useDeviceToken(db: Db, tokenHash: string, at: Date): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .update(deviceTokens)
    .set({ lastUsedAt: at })
    .where(and(eq(deviceTokens.tokenHash, tokenHash), isNull(deviceTokens.revokedAt), gt(deviceTokens.expiresAt, at)))
    .returning({ id: deviceTokens.id, userId: deviceTokens.userId });
  return row ?? null;
}

/** Revoke one token of a user (by hash) or all of the user's live tokens; returns how many. */
export async function revokeDeviceTokens(db: Db, userId: number, tokenHash: string | null, at: Date): Promise<number> {
  const rows = await db
    .update(deviceTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(deviceTokens.userId, userId),
        isNull(deviceTokens.revokedAt),
        tokenHash === null ? undefined : eq(deviceTokens.tokenHash, tokenHash),
      ),
    )
    .returning({ id: deviceTokens.id });
  return rows.length;
}

export type DeviceListRow = Pick<typeof deviceTokens.$inferSelect, 'id' | 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'>;

/** A user's newest remembered devices, live or not (the operator's account page). */
export async function selectDevicesOfUser(db: Db, userId: number, limit: number): Promise<DeviceListRow[]> {
  return db
    .select({
      id: deviceTokens.id,
      createdAt: deviceTokens.createdAt,
      expiresAt: deviceTokens.expiresAt,
      lastUsedAt: deviceTokens.lastUsedAt,
      revokedAt: deviceTokens.revokedAt,
    })
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(desc(deviceTokens.id))
    .limit(limit);
}
