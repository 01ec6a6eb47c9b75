import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages, shopOrders, tasks, users } from '../../db/schema';

/**
 * SQL of the operator's user pages: search, the account row (read and locked for a change), the few columns the admin
 * actions set, and read-only counts over the user's orders, chats and tasks. Points change only through the points
 * service (its ledger), sessions only through the auth service.
 */
export type AdminUserRow = typeof users.$inferSelect;

// ---- Query

/** LIKE pattern for a literal substring. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function keywordWhere(keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = contains(keyword);
  const parts: SQL[] = [ilike(users.phone, pattern), ilike(users.nick, pattern), ilike(users.email, pattern), ilike(users.account, pattern)];
  // A number is also an exact id (ids are bigints; a longer digit string can only be part of a phone).
  if (/^\d{1,15}$/.test(keyword)) parts.push(eq(users.id, Number(keyword)));
  return or(...parts);
}

/** One page of accounts, newest first, and the total under the keyword. */
export async function selectUserPage(db: Db, keyword: string, limit: number, offset: number): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = keywordWhere(keyword);
  const [rows, [c]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function selectUser(db: Db, userId: number): Promise<AdminUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The row locked until the transaction ends, so two admins' changes to one account are ordered and each audit row's "before" is true. */
export async function lockUser(tx: Db, userId: number): Promise<AdminUserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

export type OrderListRow = Pick<
  typeof shopOrders.$inferSelect,
  'orderNo' | 'shopId' | 'shopName' | 'amountCents' | 'provider' | 'status' | 'createdAt' | 'paidAt'
>;

export async function selectOrdersOfUser(db: Db, userId: number, limit: number): Promise<OrderListRow[]> {
  return db
    .select({
      orderNo: shopOrders.orderNo,
      shopId: shopOrders.shopId,
      shopName: shopOrders.shopName,
      amountCents: shopOrders.amountCents,
      provider: shopOrders.provider,
      status: shopOrders.status,
      createdAt: shopOrders.createdAt,
      paidAt: shopOrders.paidAt,
    })
    .from(shopOrders)
    .where(eq(shopOrders.userId, userId))
    .orderBy(desc(shopOrders.id))
    .limit(limit);
}

/** Lifetime counts: chat sessions kept, questions asked (user messages kept), tasks run. */
export async function countActivity(db: Db, userId: number): Promise<{ conversations: number; messages: number; tasks: number }> {
  const [[c], [m], [t]] = await Promise.all([
    db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId)),
    db
      .select({ n: count() })
      .from(messages)
      .where(sql`${messages.userId} = ${userId} AND ${messages.role} = 'user'`),
    db.select({ n: count() }).from(tasks).where(eq(tasks.userId, userId)),
  ]);
  return { conversations: Number(c?.n ?? 0), messages: Number(m?.n ?? 0), tasks: Number(t?.n ?? 0) };
}

// ---- Update

export async function updateBan(tx: Db, userId: number, ban: { at: Date; reason: string } | null): Promise<void> {
  await tx
    .update(users)
    .set({ bannedAt: ban?.at ?? null, banReason: ban?.reason ?? '', updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export interface MembershipFields {
  vip: number;
  vipType: string;
  vipPermanent: boolean;
  vipExpiresAt: Date | null;
}

export async function updateMembership(tx: Db, userId: number, m: MembershipFields): Promise<void> {
  await tx
    .update(users)
    .set({ ...m, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The account of a phone (the command line names accounts by phone). */
export async function selectUserByPhone(db: Db, phone: string): Promise<AdminUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}

/** Every admin account, oldest first. */
export async function selectAdmins(db: Db): Promise<AdminUserRow[]> {
  return db.select().from(users).where(eq(users.role, 'admin')).orderBy(users.id);
}
