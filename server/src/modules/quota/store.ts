import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * SQL of quota counting. Every statement is one atomic conditional write: the database,
 * not the application, decides whether a count is still free, so concurrent requests can
 * never admit more than the limit (no check-then-write).
 */

/** A drizzle handle or an open transaction on it. */
export type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface HoldInput {
  id: string;
  userId: number;
  quotaKey: string;
  period: string;
  amount: number;
  limit: number;
  ref: string;
}

// ---- Create

/**
 * Raise `reserved` when `used + reserved + amount <= limit` and record the reservation, in one
 * statement. The upsert's WHERE is evaluated on the locked, latest row version, so concurrent
 * holders serialize on the counter row. Answers false when the limit is reached.
 */
export async function insertHold(db: Executor, h: HoldInput): Promise<boolean> {
  const out = await rows<{ id: string }>(
    db,
    sql`WITH up AS (
      INSERT INTO quota_usage AS q (user_id, quota_key, period, used, reserved)
      SELECT ${h.userId}::bigint, ${h.quotaKey}::varchar, ${h.period}::varchar, 0, ${h.amount}::int
      WHERE ${h.amount}::int <= ${h.limit}::int
      ON CONFLICT (user_id, quota_key, period) DO UPDATE
        SET reserved = q.reserved + excluded.reserved, updated_at = now()
        WHERE q.used + q.reserved + excluded.reserved <= ${h.limit}::int
      RETURNING 1
    )
    INSERT INTO quota_reservations (id, user_id, quota_key, period, amount, ref)
    SELECT ${h.id}::varchar, ${h.userId}::bigint, ${h.quotaKey}::varchar, ${h.period}::varchar, ${h.amount}::int, ${h.ref}::varchar
    FROM up
    RETURNING id`,
  );
  return out.length === 1;
}

// ---- Update

/**
 * Close a held reservation of this user: 'settled' moves its amount from reserved to used,
 * 'released' gives it back. The status flip is conditional (`status = 'held'`), so of any
 * number of concurrent closes exactly one changes the counters. Answers whether this call did.
 */
export async function closeHold(db: Executor, userId: number, id: string, to: 'settled' | 'released'): Promise<boolean> {
  const charge = to === 'settled' ? sql`r.amount` : sql`0`;
  const out = await rows<{ n: number }>(
    db,
    sql`WITH r AS (
      UPDATE quota_reservations SET status = ${to}::varchar, closed_at = now()
      WHERE id = ${id}::varchar AND user_id = ${userId}::bigint AND status = 'held'
      RETURNING user_id, quota_key, period, amount
    )
    UPDATE quota_usage q
      SET reserved = q.reserved - r.amount, used = q.used + ${charge}, updated_at = now()
    FROM r
    WHERE q.user_id = r.user_id AND q.quota_key = r.quota_key AND q.period = r.period
    RETURNING 1 AS n`,
  );
  return out.length === 1;
}

/**
 * Release every reservation still held after `ttlMs` (a crashed or stuck worker's), across
 * users: maintenance, not a user request. Answers how many were released.
 */
export async function releaseStaleHolds(db: Executor, ttlMs: number): Promise<number> {
  const out = await rows<{ n: number }>(
    db,
    sql`WITH r AS (
      UPDATE quota_reservations SET status = 'released', closed_at = now()
      WHERE status = 'held' AND created_at < now() - ${ttlMs}::int * interval '1 millisecond'
      RETURNING user_id, quota_key, period, amount
    ), s AS (
      SELECT user_id, quota_key, period, sum(amount)::int AS amount FROM r GROUP BY user_id, quota_key, period
    ), u AS (
      UPDATE quota_usage q SET reserved = q.reserved - s.amount, updated_at = now()
      FROM s
      WHERE q.user_id = s.user_id AND q.quota_key = s.quota_key AND q.period = s.period
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM r`,
  );
  return out[0]?.n ?? 0;
}

// ---- Query

export interface UsageRow {
  used: number;
  reserved: number;
}

export async function selectUsage(db: Executor, userId: number, quotaKey: string, period: string): Promise<UsageRow> {
  const out = await rows<UsageRow>(
    db,
    sql`SELECT used, reserved FROM quota_usage
    WHERE user_id = ${userId}::bigint AND quota_key = ${quotaKey}::varchar AND period = ${period}::varchar`,
  );
  return out[0] ?? { used: 0, reserved: 0 };
}

export async function selectHoldStatus(db: Executor, userId: number, id: string): Promise<string | null> {
  const out = await rows<{ status: string }>(
    db,
    sql`SELECT status FROM quota_reservations WHERE id = ${id}::varchar AND user_id = ${userId}::bigint`,
  );
  return out[0]?.status ?? null;
}
