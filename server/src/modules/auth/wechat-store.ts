import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, wechatIdentities } from '../../db/schema';
import type { NewUserRow, UserRow } from './store';

/** SQL of WeChat identities (official-account openid -> user). */

export async function findUserByOpenid(db: Db, openid: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(wechatIdentities)
    .innerJoin(users, eq(users.id, wechatIdentities.userId))
    .where(eq(wechatIdentities.openid, openid))
    .limit(1);
  return row?.user ?? null;
}

/**
 * Create a user and link the openid in one transaction, so an account never exists without the
 * identity that logs into it. A unique violation (openid linked meanwhile, invite code taken)
 * rolls both back and reaches the caller.
 */
export async function insertWechatUser(db: Db, openid: string, values: NewUserRow): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('insert users returned no row');
    await tx.insert(wechatIdentities).values({ openid, userId: user.id });
    return user;
  });
}
