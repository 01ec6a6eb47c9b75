import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

/**
 * SQL of members' API keys. Every statement a member's call makes carries `user_id = caller` in its WHERE: another
 * user's key is simply not found, never read, renamed or revoked.
 */

export type ApiKeyRow = Pick<typeof apiKeys.$inferSelect, 'id' | 'name' | 'hint' | 'createdAt' | 'lastUsedAt'>;

const listed = { id: apiKeys.id, name: apiKeys.name, hint: apiKeys.hint, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt };

// ---- Query

export function selectLiveKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select(listed)
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
}

export async function countLiveKeys(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** The owner of a live key, with what the /v1 gate needs of the account (a banned account's keys are dead). */
export interface KeyOwnerRow {
  keyId: number;
  userId: number;
  vip: number;
  vipPermanent: boolean;
  vipExpiresAt: Date | null;
  phone: string | null;
  role: string;
}

export async function findKeyOwner(db: Db, keyHash: string): Promise<KeyOwnerRow | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      vip: users.vip,
      vipPermanent: users.vipPermanent,
      vipExpiresAt: users.vipExpiresAt,
      phone: users.phone,
      role: users.role,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), isNull(users.bannedAt)))
    .limit(1);
  return row ?? null;
}

// ---- Create

export async function insertKey(db: Db, row: { userId: number; name: string; keyHash: string; hint: string }): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning(listed);
  return created!;
}

// ---- Update

/** Rename a live key of the user; false when there is none with that id. */
export async function renameKey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const done = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return done.length > 0;
}

/** Revoke a live key of the user; answers its hash (to drop it from the caches) or null when there is none. */
export async function revokeKey(db: Db, userId: number, id: number, at: Date): Promise<string | null> {
  const [done] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ keyHash: apiKeys.keyHash });
  return done?.keyHash ?? null;
}

/** Mark a key used, unless it was already marked since `since` (one write a minute per key at most). */
export async function touchKey(db: Db, id: number, at: Date, since: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
