import { MSG, centsToYuan, yuanToCents } from '@wanxiang/contract';

/**
 * The cash-out form's checks, the same rules and messages as the server (contract MoneyCashSchema
 * and the service's bounds), so a mistake is named before the request is made.
 */
export interface CashBounds {
  minCents: number;
  maxCents: number;
  balanceCents: number;
}

/** The money field's message, or null when it is fine. */
export function moneyProblem(value: unknown, b: CashBounds): string | null {
  const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  if (text === '') return MSG.cashMoneyInvalid;
  const cents = yuanToCents(text);
  if (cents === null) return Number(text) <= 0 ? MSG.cashMoneyPositive : MSG.cashMoneyInvalid;
  if (cents <= 0) return MSG.cashMoneyPositive;
  if (cents < b.minCents) return MSG.cashBelowMin(centsToYuan(b.minCents));
  if (cents > b.maxCents) return MSG.cashAboveMax(centsToYuan(b.maxCents));
  if (cents > b.balanceCents) return MSG.cashAboveBalance;
  return null;
}

export function casherProblem(value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (!text) return MSG.casherEmpty;
  if (text.length > 64) return MSG.casherTooLong;
  return null;
}

export function nameProblem(value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (!text) return MSG.cashNameEmpty;
  if (text.length < 2 || text.length > 20) return MSG.cashNameLength;
  return null;
}

/** antd Form rule from one of the checks above. */
export function ruleOf(check: (v: unknown) => string | null) {
  return {
    validator: (_: unknown, v: unknown) => {
      const problem = check(v);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
