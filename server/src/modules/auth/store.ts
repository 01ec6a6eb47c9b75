import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';

/** SQL of accounts and sessions. Account lookups before login key on the unique login names. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

// ---- Query

export async function findUserById(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account a login name belongs to: phone, e-mail (lower case) or username (lower case). */
export async function findUserByLogin(db: Db, kind: 'phone' | 'email' | 'username', name: string): Promise<UserRow | null> {
  const column = kind === 'phone' ? users.phone : kind === 'email' ? users.email : users.account;
  const [row] = await db.select().from(users).where(eq(column, name)).limit(1);
  return row ?? null;
}

export async function findUserIdByInviteCode(db: Db, inviteCode: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
  return row?.id ?? null;
}

export interface SessionRow {
  tokenId: number;
  userId: number;
  vip: number;
  vipPermanent: boolean;
  vipExpiresAt: Date | null;
  phone: string | null;
  role: string;
  expiresAt: Date;
}

/** The live session of a token hash: not revoked, not expired at `at`, of an account that is not banned. */
export async function findSession(db: Db, tokenHash: string, at: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      userId: authTokens.userId,
      vip: users.vip,
      vipPermanent: users.vipPermanent,
      vipExpiresAt: users.vipExpiresAt,
      phone: users.phone,
      role: users.role,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    // A ban revokes the tokens too; the join condition keeps a token that escaped it (a race) dead all the same.
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, at), isNull(users.bannedAt)))
    .limit(1);
  return row ?? null;
}

export type SessionListRow = Pick<typeof authTokens.$inferSelect, 'id' | 'createdAt' | 'expiresAt' | 'revokedAt' | 'ip' | 'userAgent'>;

/** A user's newest sessions, live or not (the operator's account page). */
export async function selectSessionsOfUser(db: Db, userId: number, limit: number): Promise<SessionListRow[]> {
  return db
    .select({
      id: authTokens.id,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
      revokedAt: authTokens.revokedAt,
      ip: authTokens.ip,
      userAgent: authTokens.userAgent,
    })
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .orderBy(desc(authTokens.id))
    .limit(limit);
}

// ---- Create

/** Insert an account; a duplicate login name or invite code raises the driver's unique violation. */
export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

export async function insertToken(
  db: Db,
  t: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date; ip: string; userAgent: string },
): Promise<void> {
  await db.insert(authTokens).values(t);
}

// ---- Update

/** Revoke one session of one user; true when it was live. */
export async function revokeToken(db: Db, userId: number, tokenId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

/** Revoke every live session of a user (a ban, a password reset); answers how many were live. */
export async function revokeAllTokens(db: Db, userId: number, at: Date): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return rows.length;
}

/** Set a user's role; answers the role it had, or null when the user is unknown. */
export async function updateRole(db: Db, userId: number, role: string): Promise<{ before: string } | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  if (!row) return null;
  if (row.role !== role) await db.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return { before: row.role };
}

// ---- Errors

/** The constraint a unique violation (SQLSTATE 23505) names, looking through driver wrappers. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  }
  return null;
}
