import { GATE_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/sql';
import { applyPoints, ledgerHas, selectPoints, type PointsApplied, type PointsChange } from './ledger';

/**
 * Points rules: the balance, and the changes other areas ask for. Every change goes through
 * the ledger (one conditional statement), never a bare UPDATE of users.points.
 */
export type PointsContext = Pick<AppContext, 'database'>;

export const BIND_PHONE_REASON = 'bind_phone';

export async function pointsOf(ctx: PointsContext, userId: number): Promise<number> {
  return (await selectPoints(ctx.database.db, userId)) ?? 0;
}

/** Credit or debit; null when refused (not enough points, or the idem key was used). */
export async function changePoints(ctx: PointsContext, change: PointsChange, tx?: Executor): Promise<PointsApplied | null> {
  return applyPoints(tx ?? ctx.database.db, change);
}

/**
 * The first phone binding's bonus (docs/product/quota-and-points.md §4): once per person (idem key bind_phone:<userId>)
 * and never again for the same number, even on another account. Run it inside the transaction
 * that binds the phone, so the unique phone index serializes two binders of one number.
 */
export async function grantBindPhoneBonus(tx: Executor, userId: number, phone: string): Promise<PointsApplied | null> {
  if (await ledgerHas(tx, BIND_PHONE_REASON, phone)) return null;
  return applyPoints(tx, {
    userId,
    delta: GATE_LIMITS.bindPhoneBonusPoints,
    reason: BIND_PHONE_REASON,
    ref: phone,
    idemKey: `${BIND_PHONE_REASON}:${userId}`,
  });
}
