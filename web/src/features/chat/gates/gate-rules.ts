import { GATE_LIMITS, type ModelEntry, type QuotaBalance } from '@wanxiang/contract';

/**
 * The browser side of docs/product/quota-and-points.md §6 (quota, points and membership gates), as plain functions.
 * The server decides; these only choose which call to make and which dialog to show.
 */

type GateModel = Pick<ModelEntry, 'key' | 'checkKey' | 'isFree' | 'only_points' | 'allow_points' | 'consume_points'>;

/** The reply is paid with points: only_points models, or allow_points with 开启积分抵扣 on. */
export function paysWithPoints(model: GateModel, usePoints: boolean): boolean {
  return model.consume_points > 0 && (model.only_points || (model.allow_points && usePoints));
}

/** v35 needs no check; points-paid replies are checked by the server's points hold instead. */
export function needsPrecheck(model: GateModel, usePoints: boolean): boolean {
  if (model.key === 'v35') return false;
  return !paysWithPoints(model, usePoints);
}

/** After a reply of a non-free model a submit of 1 is reported (docs/product/quota-and-points.md §4). */
export function needsSubmit(model: GateModel): boolean {
  return model.key !== 'v35' && !model.isFree;
}

/** The points toggle appears for models that allow points but do not require them. */
export function showsPointsToggle(model: GateModel | undefined): boolean {
  return Boolean(model && model.allow_points && !model.only_points && model.consume_points > 0);
}

/**
 * The once-a-day countdown-membership nudge: shown when used minus remaining is at least 2 for a
 * metered key, unless already shown today (cookie) or the user is in the exempt group (vip 79).
 */
export function shouldNudge(b: Pick<QuotaBalance, 'maxNumber' | 'balance' | 'used'>, vip: number, shownToday: boolean): boolean {
  if (shownToday || vip === GATE_LIMITS.vipNudgeExemptVip) return false;
  if (b.maxNumber < 0) return false;
  return b.used - b.balance >= GATE_LIMITS.vipNudgeGap;
}

/** mm:ss of the limited-offer countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
