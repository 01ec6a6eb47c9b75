import { sql } from 'drizzle-orm';
import type { ShopGrant } from '@wanxiang/contract';
import { applyPoints } from '../points/ledger';
import { rows, type Executor } from '../../db/sql';
import { grantBonusCounts } from '../quota/bonus';

/**
 * Membership arithmetic. A membership whose vip_expires_at has passed is a free user (vip 0)
 * wherever the user is read; a grant raises the level to the higher of the live one and the
 * granted one, and extends the expiry from max(now, current expiry) by the item's days.
 */
export interface VipFields {
  vip: number;
  vipPermanent: boolean;
  vipExpiresAt: Date | null;
}

/** The live membership level: 0 once a non-permanent membership has expired. */
export function effectiveVip(u: VipFields, at: Date = new Date()): number {
  if (u.vip === 0 || u.vipPermanent) return u.vip;
  // A level set by an operator without an expiry stays until changed.
  if (!u.vipExpiresAt) return u.vip;
  return u.vipExpiresAt.getTime() > at.getTime() ? u.vip : 0;
}

export interface GrantTarget {
  userId: number;
  grant: ShopGrant;
  /** Makes the grant happen once: `order:{order_no}` or `card:{code}`. */
  idemBase: string;
  /** shop | card */
  reason: string;
  ref: string;
  at: Date;
}

/**
 * Apply a grant inside the caller's transaction (the caller guarantees it runs once per order
 * or card by winning the conditional status update; the idem keys are a second lock).
 */
export async function applyGrant(tx: Executor, t: GrantTarget): Promise<void> {
  const g = t.grant;
  if (g.vip > 0) {
    // The SQL twin of effectiveVip over the row being updated.
    const live = sql`(CASE WHEN vip_permanent OR vip_expires_at IS NULL OR vip_expires_at > ${t.at}::timestamptz THEN vip ELSE 0 END)`;
    await rows(
      tx,
      sql`UPDATE users SET
        vip = GREATEST(${live}, ${g.vip}::int),
        vip_type = CASE WHEN ${g.vip}::int >= ${live} THEN ${g.vipType}::varchar ELSE vip_type END,
        vip_permanent = vip_permanent OR ${g.permanent}::boolean,
        vip_expires_at = CASE WHEN ${g.permanent}::boolean THEN vip_expires_at
          ELSE GREATEST(${t.at}::timestamptz, COALESCE(vip_expires_at, ${t.at}::timestamptz)) + make_interval(days => ${g.days}::int) END,
        updated_at = now()
      WHERE id = ${t.userId}::bigint`,
    );
  }
  for (const [quotaKey, amount] of Object.entries(g.counts)) {
    await grantBonusCounts(tx, { userId: t.userId, quotaKey, amount, reason: t.reason, ref: t.ref, idemKey: `${t.idemBase}:${quotaKey}` });
  }
  if (g.points > 0) {
    await applyPoints(tx, { userId: t.userId, delta: g.points, reason: t.reason, ref: t.ref, note: t.ref, idemKey: t.idemBase });
  }
}
