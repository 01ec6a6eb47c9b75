import { ADMIN_CATALOG_SIGNIN_MSG as M } from '@wanxiang/contract';

/**
 * The sign-in rewards document (server/catalog/signin.json) as the console's form. The checks are the server's
 * (server/src/modules/signin/rewards.ts: 7 days, whole points ≥ 0, counts ≥ 1 per lowercase quota key, a non-pending
 * week bonus with key and amount, at least one rule) so the form refuses what the save would. Edits spread the
 * loaded objects, so `_comment` and fields the form does not show are kept as they were.
 */

export interface SigninDayContent {
  gift?: string;
  points: number;
  counts: Record<string, number>;
  [extra: string]: unknown;
}

export interface SigninBonusContent {
  label: string;
  quotaKey?: string;
  amount?: number;
  pending?: boolean;
  [extra: string]: unknown;
}

export interface SigninContent {
  defaultReward: string;
  days: SigninDayContent[];
  weekBonus: SigninBonusContent[];
  rules: string[];
  [extra: string]: unknown;
}

const QUOTA_KEY = /^[a-z][a-z0-9_]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isWhole = (n: unknown, min: number): boolean => typeof n === 'number' && Number.isInteger(n) && n >= min;

export function isSigninContent(v: unknown): v is SigninContent {
  return (
    isObject(v) &&
    typeof v.defaultReward === 'string' &&
    Array.isArray(v.days) &&
    v.days.every((d) => isObject(d) && isObject(d.counts)) &&
    Array.isArray(v.weekBonus) &&
    v.weekBonus.every(isObject) &&
    Array.isArray(v.rules) &&
    v.rules.every((r) => typeof r === 'string')
  );
}

/** The first problem the server would refuse, in Chinese, or null when the document is fine. */
export function signinProblem(c: SigninContent): string | null {
  if (!c.defaultReward.trim()) return M.signinDefaultRewardRequired;
  if (c.days.length !== 7) return M.signinDaysSeven;
  for (const [i, d] of c.days.entries()) {
    const day = i + 1;
    if (!isWhole(d.points, 0)) return M.signinPointsInvalid(day);
    if (d.gift !== undefined && !d.gift.trim()) return M.signinGiftBlank(day);
    for (const [key, n] of Object.entries(d.counts)) {
      if (!QUOTA_KEY.test(key)) return M.signinCountKeyInvalid(day, key);
      if (!isWhole(n, 1)) return M.signinCountInvalid(day, key);
    }
  }
  for (const [i, b] of c.weekBonus.entries()) {
    const n = i + 1;
    if (typeof b.label !== 'string' || !b.label.trim()) return M.signinBonusLabelRequired(n);
    if (b.pending === true) continue;
    if (typeof b.quotaKey !== 'string' || !QUOTA_KEY.test(b.quotaKey)) return M.signinBonusKeyInvalid(n);
    if (!isWhole(b.amount, 1)) return M.signinBonusAmountInvalid(n);
  }
  if (c.rules.length === 0 || c.rules.some((r) => !r.trim())) return M.signinRulesRequired;
  return null;
}

/** The document with one day changed; a gift text emptied is left out so the day shows the default reward. */
export function withSigninDay(c: SigninContent, index: number, patch: Partial<SigninDayContent>): SigninContent {
  const base = c.days[index];
  if (!base) return c;
  const day: SigninDayContent = { ...base, ...patch };
  if (day.gift !== undefined && day.gift.trim() === '') delete day.gift;
  return { ...c, days: c.days.map((d, i) => (i === index ? day : d)) };
}

/** The day's counts with one key's count set (added when new), or the key removed when `count` is null. */
export function withDayCount(c: SigninContent, index: number, key: string, count: number | null): SigninContent {
  const day = c.days[index];
  if (!day) return c;
  const counts = { ...day.counts };
  if (count === null) delete counts[key];
  else counts[key] = count;
  return withSigninDay(c, index, { counts });
}

/**
 * The document with one week-bonus entry changed. A pending entry is only shown, and the server's pending shape has
 * no key or amount, so marking it pending drops them; unmarking it asks for them again (an empty key until chosen).
 */
export function withSigninBonus(c: SigninContent, index: number, patch: Partial<SigninBonusContent>): SigninContent {
  const base = c.weekBonus[index];
  if (!base) return c;
  const b: SigninBonusContent = { ...base, ...patch };
  if (b.pending === true) {
    delete b.quotaKey;
    delete b.amount;
  } else if (patch.pending === false) {
    delete b.pending;
    b.quotaKey = base.quotaKey ?? '';
    b.amount = base.amount ?? 1;
  }
  return { ...c, weekBonus: c.weekBonus.map((x, i) => (i === index ? b : x)) };
}

export const withNewSigninBonus = (c: SigninContent, label: string): SigninContent => ({ ...c, weekBonus: [...c.weekBonus, { label, pending: true }] });
export const withoutSigninBonus = (c: SigninContent, index: number): SigninContent => ({ ...c, weekBonus: c.weekBonus.filter((_, i) => i !== index) });
export const withSigninRules = (c: SigninContent, rules: string[]): SigninContent => ({ ...c, rules });

/** Whether the server's refusal names an entry by its zod path (`days.2.points: …`, `weekBonus.0`), not `days.20`. */
export function signinEntryNamed(problem: string | null, list: 'days' | 'weekBonus' | 'rules', index: number): boolean {
  return !!problem && new RegExp(`(?<![A-Za-z0-9_])${list}\\.${index}(?![0-9])`).test(problem);
}
