import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrderQuery } from '@wanxiang/contract';
import { rows, type Executor } from '../../db/sql';

/**
 * SQL of the operator's order pages: filtered pages and keyset chunks for the CSV (joined with the buyer's phone and
 * nick), the order row locked for a refund, and the one conditional paid -> refunded transition.
 */
export interface MoneyOrderRow {
  order_no: string;
  user_id: number | string;
  phone: string | null;
  nick: string | null;
  shop_id: number;
  shop_name: string;
  amount_cents: number;
  provider: string;
  status: string;
  grant: string;
  trade_no: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  refunded_at: Date | string | null;
  refund_reason: string;
  id: number | string;
}

export type OrderFilter = Pick<AdminOrderQuery, 'status' | 'provider' | 'keyword' | 'from' | 'to'>;

/** LIKE pattern for a literal substring. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters as one WHERE condition; from/to are whole business days in `tz` (inclusive). */
function whereOf(f: OrderFilter, tz: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.provider) parts.push(sql`o.provider = ${f.provider}`);
  if (f.from) parts.push(sql`o.created_at >= (${f.from}::date::timestamp AT TIME ZONE ${tz}::text)`);
  if (f.to) parts.push(sql`o.created_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`);
  if (f.keyword) {
    const like = contains(f.keyword);
    const ors: SQL[] = [sql`o.order_no ILIKE ${like}`, sql`u.phone ILIKE ${like}`];
    if (/^\d{1,15}$/.test(f.keyword)) ors.push(sql`o.user_id = ${Number(f.keyword)}::bigint`);
    parts.push(sql`(${sql.join(ors, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}

const SELECT = sql`SELECT o.id, o.order_no, o.user_id, u.phone, u.nick, o.shop_id, o.shop_name, o.amount_cents, o.provider, o.status, o."grant",
  o.trade_no, o.created_at, o.paid_at, o.refunded_at, o.refund_reason
  FROM shop_orders o LEFT JOIN users u ON u.id = o.user_id`;

export async function selectOrderPage(db: Executor, f: OrderFilter, tz: string, limit: number, offset: number): Promise<{ list: MoneyOrderRow[]; total: number }> {
  const where = whereOf(f, tz);
  const list = await rows<MoneyOrderRow>(db, sql`${SELECT} WHERE ${where} ORDER BY o.id DESC LIMIT ${limit}::int OFFSET ${offset}::int`);
  const [c] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM shop_orders o LEFT JOIN users u ON u.id = o.user_id WHERE ${where}`);
  return { list, total: Number(c?.n ?? 0) };
}

/** Newest first, below `beforeId` (keyset paging, so a long export never re-reads or skips rows). */
export async function selectOrderChunk(db: Executor, f: OrderFilter, tz: string, beforeId: number | null, limit: number): Promise<MoneyOrderRow[]> {
  const after = beforeId === null ? sql`TRUE` : sql`o.id < ${beforeId}::bigint`;
  return rows<MoneyOrderRow>(db, sql`${SELECT} WHERE ${whereOf(f, tz)} AND ${after} ORDER BY o.id DESC LIMIT ${limit}::int`);
}

export async function lockOrder(db: Executor, orderNo: string): Promise<MoneyOrderRow | null> {
  const [row] = await rows<MoneyOrderRow>(
    db,
    sql`SELECT o.*, NULL::varchar AS phone, NULL::varchar AS nick FROM shop_orders o WHERE o.order_no = ${orderNo} FOR UPDATE`,
  );
  return row ?? null;
}

export async function selectOrder(db: Executor, orderNo: string): Promise<MoneyOrderRow | null> {
  const [row] = await rows<MoneyOrderRow>(db, sql`${SELECT} WHERE o.order_no = ${orderNo}`);
  return row ?? null;
}

/** paid -> refunded, once: only the caller that gets the row back took the grant back. */
export async function markRefunded(db: Executor, p: { orderNo: string; adminId: number; reason: string; at: Date }): Promise<boolean> {
  const out = await rows<{ order_no: string }>(
    db,
    sql`UPDATE shop_orders SET status = 'refunded', refunded_at = ${p.at}::timestamptz, refunded_by = ${p.adminId}::bigint, refund_reason = ${p.reason}
      WHERE order_no = ${p.orderNo} AND status = 'paid' RETURNING order_no`,
  );
  return out.length === 1;
}

// ---- The buyer's side of a refund

export interface BuyerRow {
  points: number;
  vip: number;
  vip_type: string;
  vip_permanent: boolean;
  vip_expires_at: Date | string | null;
}

export async function lockBuyer(db: Executor, userId: number): Promise<BuyerRow | null> {
  const [row] = await rows<BuyerRow>(
    db,
    sql`SELECT points, vip, vip_type, vip_permanent, vip_expires_at FROM users WHERE id = ${userId}::bigint FOR UPDATE`,
  );
  return row ? { ...row, points: Number(row.points), vip: Number(row.vip) } : null;
}

export async function updateBuyerMembership(
  db: Executor,
  userId: number,
  m: { vip: number; vipType: string; vipPermanent: boolean; vipExpiresAt: Date | null },
): Promise<void> {
  await rows(
    db,
    sql`UPDATE users SET vip = ${m.vip}::int, vip_type = ${m.vipType}, vip_permanent = ${m.vipPermanent}, vip_expires_at = ${m.vipExpiresAt}::timestamptz,
      updated_at = now() WHERE id = ${userId}::bigint`,
  );
}

/**
 * Take back up to `amount` bonus counts of one key, never more than are still unused (granted - used - reserved), with
 * a negative quota_grants row (idem key, so a retried refund takes nothing twice). Answers how many were taken.
 */
export async function takeBackBonus(db: Executor, t: { userId: number; quotaKey: string; amount: number; ref: string; idemKey: string }): Promise<number> {
  const out = await rows<{ taken: number }>(
    db,
    sql`WITH b AS (
      SELECT LEAST(${t.amount}::int, GREATEST(granted - used - reserved, 0)) AS take FROM quota_bonus
      WHERE user_id = ${t.userId}::bigint AND quota_key = ${t.quotaKey}::varchar
        AND NOT EXISTS (SELECT 1 FROM quota_grants WHERE idem_key = ${t.idemKey}::varchar)
      FOR UPDATE
    ), up AS (
      UPDATE quota_bonus SET granted = granted - b.take, updated_at = now() FROM b
      WHERE user_id = ${t.userId}::bigint AND quota_key = ${t.quotaKey}::varchar AND b.take > 0
      RETURNING b.take
    ), ins AS (
      INSERT INTO quota_grants (user_id, quota_key, amount, reason, ref, idem_key)
      SELECT ${t.userId}::bigint, ${t.quotaKey}::varchar, -up.take, 'refund', ${t.ref}::varchar, ${t.idemKey}::varchar FROM up
      RETURNING amount
    )
    SELECT -amount AS taken FROM ins`,
  );
  return out[0] ? Number(out[0].taken) : 0;
}
