import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement, runPrepared } from '../../db/prepared';

/**
 * SQL of quota counting. Every statement is one atomic conditional write: the database,
 * not the application, decides whether a count is still free, so concurrent requests can
 * never admit more than the limit (no check-then-write). The hold before every streamed answer,
 * its keep-alive and its close are named prepared statements (db/prepared.ts: planned once per
 * connection; the hold is the one database round trip before the first byte).
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
 * Points-priced turns (only_points, or allow_points with usePoints): debit the points, write
 * the ledger row and record the reservation in one statement. Answers false when the balance
 * is short. The reservation holds no count (amount 0); a release refunds the points.
 */
export async function insertPointsHold(
  db: Executor,
  h: { id: string; userId: number; quotaKey: string; period: string; points: number; ref: string },
): Promise<boolean> {
  const out = await runPrepared<{ id: string }>(db, POINTS_HOLD, [h.userId, h.points, h.id, h.quotaKey, h.period, h.ref]);
  return out.length === 1;
}

const POINTS_HOLD = preparedStatement(
  'wx_quota_points_hold',
  ['bigint', 'int', 'varchar', 'varchar', 'varchar', 'varchar'],
  `WITH u AS (
    UPDATE users SET points = points - $2::int, updated_at = now()
    WHERE id = $1::bigint AND points >= $2::int
    RETURNING points
  ), l AS (
    INSERT INTO points_ledger (user_id, delta, balance_after, reason, ref)
    SELECT $1::bigint, -$2::int, u.points, CASE WHEN $6::varchar LIKE 'task:%' THEN 'tool' ELSE 'chat' END, $3::varchar FROM u
    RETURNING 1
  )
  INSERT INTO quota_reservations (id, user_id, quota_key, period, amount, points, ref)
  SELECT $3::varchar, $1::bigint, $4::varchar, $5::varchar, 0, $2::int, $6::varchar
  FROM l
  RETURNING id`,
);

/**
 * Charge `amount` counts at once (tool keys reported by number/submit): `used` grows only while
 * `used + reserved + amount <= limit`, in one statement. Answers the counters after, or null.
 */
export async function chargeCounts(
  db: Executor,
  c: { userId: number; quotaKey: string; period: string; amount: number; limit: number },
): Promise<UsageRow | null> {
  const out = await rows<UsageRow>(
    db,
    sql`INSERT INTO quota_usage AS q (user_id, quota_key, period, used, reserved)
      SELECT ${c.userId}::bigint, ${c.quotaKey}::varchar, ${c.period}::varchar, ${c.amount}::int, 0
      WHERE ${c.limit}::int < 0 OR ${c.amount}::int <= ${c.limit}::int
      ON CONFLICT (user_id, quota_key, period) DO UPDATE
        SET used = q.used + excluded.used, updated_at = now()
        WHERE ${c.limit}::int < 0 OR q.used + q.reserved + excluded.used <= ${c.limit}::int
      RETURNING used, reserved`,
  );
  return out[0] ?? null;
}

/**
 * Bonus counts (sign-in gifts, packs: table quota_bonus) are held only once the day's counts are
 * exhausted. A bonus hold is a reservation whose period is BONUS_PERIOD: closeHold and the reaper
 * then move the count on quota_bonus instead of quota_usage.
 */
export const BONUS_PERIOD = 'bonus';

/**
 * The chat hold with the bonus fallback in ONE statement (one round trip, like insertHold): the
 * daily upsert first; only when it admitted nothing (`NOT EXISTS (SELECT 1 FROM up)`, which also
 * orders the two writes) does the bonus bucket take the count. Both conditions are evaluated on
 * the locked, latest row version (the upsert's WHERE, the UPDATE's WHERE), so concurrent holders
 * serialize on the counter rows and never pass the limit or the grant. Answers the bucket held, or null.
 */
export async function insertHoldOrBonus(db: Executor, h: HoldInput): Promise<'daily' | 'bonus' | null> {
  const out = await runPrepared<{ period: string }>(db, HOLD_OR_BONUS, [h.userId, h.quotaKey, h.period, h.amount, h.limit, h.id, h.ref]);
  const p = out[0]?.period;
  return p === undefined ? null : p === BONUS_PERIOD ? 'bonus' : 'daily';
}

const HOLD_OR_BONUS = preparedStatement(
  'wx_quota_hold_or_bonus',
  ['bigint', 'varchar', 'varchar', 'int', 'int', 'varchar', 'varchar'],
  `WITH up AS (
    INSERT INTO quota_usage AS q (user_id, quota_key, period, used, reserved)
    SELECT $1::bigint, $2::varchar, $3::varchar, 0, $4::int
    WHERE $4::int <= $5::int
    ON CONFLICT (user_id, quota_key, period) DO UPDATE
      SET reserved = q.reserved + excluded.reserved, updated_at = now()
      WHERE q.used + q.reserved + excluded.reserved <= $5::int
    RETURNING $3::varchar AS period
  ), bo AS (
    UPDATE quota_bonus SET reserved = reserved + $4::int, updated_at = now()
    WHERE NOT EXISTS (SELECT 1 FROM up) AND user_id = $1::bigint AND quota_key = $2::varchar
      AND used + reserved + $4::int <= granted
    RETURNING '${BONUS_PERIOD}'::varchar AS period
  ), held AS (
    SELECT period FROM up UNION ALL SELECT period FROM bo
  )
  INSERT INTO quota_reservations (id, user_id, quota_key, period, amount, ref)
  SELECT $6::varchar, $1::bigint, $2::varchar, held.period, $4::int, $7::varchar
  FROM held
  RETURNING period`,
);

/** Spend `amount` bonus counts at once (a tool key's submit past its daily counts). Answers what is left, or null. */
export async function chargeBonusCounts(db: Executor, c: { userId: number; quotaKey: string; amount: number }): Promise<number | null> {
  const out = await rows<{ left: number }>(
    db,
    sql`UPDATE quota_bonus SET used = used + ${c.amount}::int, updated_at = now()
      WHERE user_id = ${c.userId}::bigint AND quota_key = ${c.quotaKey}::varchar
        AND used + reserved + ${c.amount}::int <= granted
      RETURNING granted - used - reserved AS left`,
  );
  return out[0] ? Number(out[0].left) : null;
}

/** Bonus counts still free for one key (granted - used - reserved), 0 without a row. */
export async function selectBonusLeft(db: Executor, userId: number, quotaKey: string): Promise<number> {
  const out = await rows<{ left: number }>(
    db,
    sql`SELECT granted - used - reserved AS left FROM quota_bonus WHERE user_id = ${userId}::bigint AND quota_key = ${quotaKey}::varchar`,
  );
  return out[0] ? Math.max(0, Number(out[0].left)) : 0;
}

// ---- Update

/**
 * Close a held reservation of this user: 'settled' moves its count from reserved to used (points
 * were debited at hold time and stay spent), 'released' gives the count back and refunds the
 * points with a ledger row. The status flip is conditional (`status = 'held'`), so of any number
 * of concurrent closes exactly one takes effect, all in one statement. Answers whether this call did.
 */
export async function closeHold(db: Executor, userId: number, id: string, to: 'settled' | 'released'): Promise<boolean> {
  const out = await runPrepared<{ n: number }>(db, to === 'settled' ? SETTLE_HOLD : RELEASE_HOLD, [id, userId]);
  return Number(out[0]?.n ?? 0) === 1;
}

/** closeHold's statement: a settle charges the count (`charge`), a release refunds the points (`refund`). */
function closeHoldStatement(name: string, to: 'settled' | 'released'): ReturnType<typeof preparedStatement> {
  const charge = to === 'settled' ? 'r.amount' : '0';
  const refund = to === 'released' ? 'r.points' : '0';
  return preparedStatement(
    name,
    ['varchar', 'bigint'],
    `WITH r AS (
      UPDATE quota_reservations SET status = '${to}', closed_at = now()
      WHERE id = $1::varchar AND user_id = $2::bigint AND status = 'held'
      RETURNING user_id, quota_key, period, amount, points, ref
    ), q AS (
      UPDATE quota_usage q
        SET reserved = q.reserved - r.amount, used = q.used + ${charge}, updated_at = now()
      FROM r
      WHERE r.amount > 0 AND r.period <> '${BONUS_PERIOD}'
        AND q.user_id = r.user_id AND q.quota_key = r.quota_key AND q.period = r.period
      RETURNING 1
    ), bq AS (
      UPDATE quota_bonus b
        SET reserved = b.reserved - r.amount, used = b.used + ${charge}, updated_at = now()
      FROM r
      WHERE r.amount > 0 AND r.period = '${BONUS_PERIOD}' AND b.user_id = r.user_id AND b.quota_key = r.quota_key
      RETURNING 1
    ), u AS (
      UPDATE users SET points = users.points + ${refund}, updated_at = now()
      FROM r
      WHERE users.id = r.user_id AND ${refund} > 0
      RETURNING users.id AS user_id, users.points AS balance, r.points AS refund, r.ref AS hold_ref
    ), l AS (
      INSERT INTO points_ledger (user_id, delta, balance_after, reason, ref)
      SELECT user_id, refund, balance, CASE WHEN hold_ref LIKE 'task:%' THEN 'tool_refund' ELSE 'chat_refund' END, $1::varchar FROM u
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM r`,
  );
}

const SETTLE_HOLD = closeHoldStatement('wx_quota_settle_hold', 'settled');
const RELEASE_HOLD = closeHoldStatement('wx_quota_release_hold', 'released');

/** A sign of life of the answer holding this reservation: the reaper leaves it alone for another TTL. */
export async function keepHold(db: Executor, userId: number, id: string): Promise<void> {
  await runPrepared(db, KEEP_HOLD, [id, userId]);
}

const KEEP_HOLD = preparedStatement(
  'wx_quota_keep_hold',
  ['varchar', 'bigint'],
  `UPDATE quota_reservations SET kept_at = now() WHERE id = $1::varchar AND user_id = $2::bigint AND status = 'held'`,
);

/**
 * Release every count reservation still held after `ttlMs` with no sign of life for as long (a
 * crashed or stuck worker's; a long answer keeps its hold alive: keepHold), across
 * users: maintenance, not a user request. Points holds are left to `selectStalePointsHolds` +
 * `closeHold`, one by one, so each refund gets its own ledger row. Answers how many were released.
 */
export async function releaseStaleHolds(db: Executor, ttlMs: number): Promise<number> {
  const out = await rows<{ n: number }>(
    db,
    sql`WITH r AS (
      UPDATE quota_reservations SET status = 'released', closed_at = now()
      WHERE status = 'held' AND points = 0 AND created_at < now() - ${ttlMs}::int * interval '1 millisecond'
        AND coalesce(kept_at, created_at) < now() - ${ttlMs}::int * interval '1 millisecond'
      RETURNING user_id, quota_key, period, amount
    ), s AS (
      SELECT user_id, quota_key, period, sum(amount)::int AS amount FROM r GROUP BY user_id, quota_key, period
    ), u AS (
      UPDATE quota_usage q SET reserved = q.reserved - s.amount, updated_at = now()
      FROM s
      WHERE q.user_id = s.user_id AND q.quota_key = s.quota_key AND q.period = s.period
      RETURNING 1
    ), bq AS (
      UPDATE quota_bonus b SET reserved = b.reserved - s.amount, updated_at = now()
      FROM s
      WHERE s.period = ${BONUS_PERIOD}::varchar AND b.user_id = s.user_id AND b.quota_key = s.quota_key
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM r`,
  );
  return Number(out[0]?.n ?? 0);
}

/** Points reservations held past `ttlMs`: the reaper refunds each through closeHold. */
export async function selectStalePointsHolds(db: Executor, ttlMs: number, max = 500): Promise<{ id: string; userId: number }[]> {
  const out = await rows<{ id: string; user_id: number }>(
    db,
    sql`SELECT id, user_id FROM quota_reservations
    WHERE status = 'held' AND points > 0 AND created_at < now() - ${ttlMs}::int * interval '1 millisecond'
      AND coalesce(kept_at, created_at) < now() - ${ttlMs}::int * interval '1 millisecond'
    ORDER BY created_at LIMIT ${max}::int`,
  );
  return out.map((r) => ({ id: r.id, userId: Number(r.user_id) }));
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
  const r = out[0];
  return r ? { used: Number(r.used), reserved: Number(r.reserved) } : { used: 0, reserved: 0 };
}

export async function selectHoldStatus(db: Executor, userId: number, id: string): Promise<string | null> {
  const out = await rows<{ status: string }>(
    db,
    sql`SELECT status FROM quota_reservations WHERE id = ${id}::varchar AND user_id = ${userId}::bigint`,
  );
  return out[0]?.status ?? null;
}

/** Every counter of a user in one period, by quota key. */
export async function selectUsageByKey(db: Executor, userId: number, period: string): Promise<Map<string, UsageRow>> {
  const out = await rows<{ quota_key: string; used: number; reserved: number }>(
    db,
    sql`SELECT quota_key, used, reserved FROM quota_usage WHERE user_id = ${userId}::bigint AND period = ${period}::varchar`,
  );
  return new Map(out.map((r) => [r.quota_key, { used: Number(r.used), reserved: Number(r.reserved) }]));
}
