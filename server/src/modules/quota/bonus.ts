import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/**
 * Bonus counts that do not reset daily (sign-in gifts, membership packs, cards): one
 * statement raises quota_bonus.granted and writes the quota_grants row. With an idem key the
 * grant happens at most once, however many callers race (a replayed payment, a double sign-in).
 */
export interface BonusGrant {
  userId: number;
  quotaKey: string;
  amount: number;
  /** Short reason code: signin, signin_week, shop, card... */
  reason: string;
  ref?: string;
  idemKey?: string;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Answers false when the idem key was already used (nothing changed). */
export async function grantBonusCounts(db: Executor, g: BonusGrant): Promise<boolean> {
  const idem = g.idemKey ?? null;
  try {
    const out = await rows<{ id: number }>(
      db,
      sql`WITH ins AS (
        INSERT INTO quota_grants (user_id, quota_key, amount, reason, ref, idem_key)
        SELECT ${g.userId}::bigint, ${g.quotaKey}::varchar, ${g.amount}::int, ${g.reason}::varchar, ${g.ref ?? ''}::varchar, ${idem}::varchar
        WHERE ${idem}::varchar IS NULL OR NOT EXISTS (SELECT 1 FROM quota_grants WHERE idem_key = ${idem}::varchar)
        RETURNING id
      ), up AS (
        INSERT INTO quota_bonus AS b (user_id, quota_key, granted)
        SELECT ${g.userId}::bigint, ${g.quotaKey}::varchar, ${g.amount}::int FROM ins
        ON CONFLICT (user_id, quota_key) DO UPDATE SET granted = b.granted + excluded.granted, updated_at = now()
        RETURNING 1
      )
      SELECT id FROM ins, up`,
    );
    return out.length === 1;
  } catch (err) {
    if (idem && isUniqueViolation(err)) return false;
    throw err;
  }
}

export interface BonusRow {
  quotaKey: string;
  granted: number;
  used: number;
  reserved: number;
}

export async function selectBonus(db: Executor, userId: number): Promise<BonusRow[]> {
  const out = await rows<{ quota_key: string; granted: number; used: number; reserved: number }>(
    db,
    sql`SELECT quota_key, granted, used, reserved FROM quota_bonus WHERE user_id = ${userId}::bigint`,
  );
  return out.map((r) => ({ quotaKey: r.quota_key, granted: Number(r.granted), used: Number(r.used), reserved: Number(r.reserved) }));
}
