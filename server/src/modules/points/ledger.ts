import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/**
 * The points ledger: every change of users.points is one statement that updates the balance
 * conditionally (never below zero) and inserts the ledger row with balance_after, so
 * sum(points_ledger.delta) equals users.points at every instant, under any concurrency.
 */

export interface PointsChange {
  userId: number;
  /** Positive credits, negative debits; a debit never takes the balance below zero. */
  delta: number;
  /** Short reason code: bind_phone, chat, chat_refund, tool... */
  reason: string;
  ref?: string;
  note?: string;
  /** A change that may happen only once (a bonus, a payment): a second try changes nothing. */
  idemKey?: string;
}

export interface PointsApplied {
  ledgerId: number;
  balance: number;
}

/** Unique violation of points_ledger_idem_uq: the change under this key was already made. */
function isIdemConflict(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const o = e as { code?: string; constraint?: string; message?: string };
    if (o.code === '23505' && (o.constraint === 'points_ledger_idem_uq' || /points_ledger_idem_uq/.test(o.message ?? ''))) return true;
    if (o.code === '23505' && !o.constraint) return true;
  }
  return false;
}

/**
 * Apply one change in one statement. Answers null when refused: a debit larger than the
 * balance, an unknown user, or an idem key already used (two racing calls with the same key:
 * the loser's insert hits the unique index and its whole statement, balance update included,
 * rolls back).
 */
export async function applyPoints(db: Executor, c: PointsChange): Promise<PointsApplied | null> {
  const idem = c.idemKey ?? null;
  try {
    const out = await rows<{ id: number; balance_after: number }>(
      db,
      sql`WITH u AS (
        UPDATE users SET points = points + ${c.delta}::int, updated_at = now()
        WHERE id = ${c.userId}::bigint AND points + ${c.delta}::int >= 0
          AND (${idem}::varchar IS NULL OR NOT EXISTS (SELECT 1 FROM points_ledger WHERE idem_key = ${idem}::varchar))
        RETURNING points
      )
      INSERT INTO points_ledger (user_id, delta, balance_after, reason, ref, note, idem_key)
      SELECT ${c.userId}::bigint, ${c.delta}::int, u.points, ${c.reason}::varchar, ${c.ref ?? ''}::varchar, ${c.note ?? ''}, ${idem}::varchar
      FROM u
      RETURNING id, balance_after`,
    );
    const row = out[0];
    return row ? { ledgerId: Number(row.id), balance: Number(row.balance_after) } : null;
  } catch (err) {
    if (idem && isIdemConflict(err)) return null;
    throw err;
  }
}

export async function selectPoints(db: Executor, userId: number): Promise<number | null> {
  const out = await rows<{ points: number }>(db, sql`SELECT points FROM users WHERE id = ${userId}::bigint`);
  return out[0] ? Number(out[0].points) : null;
}

/** sum(delta) of a user's ledger: equals users.points (the invariant tests check). */
export async function ledgerSum(db: Executor, userId: number): Promise<number> {
  const out = await rows<{ s: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(delta), 0)::int AS s FROM points_ledger WHERE user_id = ${userId}::bigint`,
  );
  return Number(out[0]?.s ?? 0);
}

/** Whether any ledger row with this reason and ref exists (e.g. a phone number already rewarded). */
export async function ledgerHas(db: Executor, reason: string, ref: string): Promise<boolean> {
  const out = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM points_ledger WHERE reason = ${reason}::varchar AND ref = ${ref}::varchar LIMIT 1`,
  );
  return out.length > 0;
}
