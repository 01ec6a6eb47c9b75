import { z } from 'zod';
import { MSG } from '../messages';
import { pageField, rowsField } from './common';

/**
 * Invitations, the inviter's wallet and cash-outs (docs/product/invite.md §1, §6, §7). Money travels as cents
 * everywhere inside; the spec's moneyCash `money` is yuan with at most two decimals.
 */

/** The largest amount one cash-out may name (keeps cents inside a 32-bit integer). */
const MAX_CENTS = 1_000_000_000;

/**
 * Yuan (number or text, at most two decimals) to integer cents, exactly: `12.3` -> 1230,
 * `'0.07'` -> 7. Answers null for anything else (negative, three decimals, 1e3, NaN, '').
 * Text is parsed digit by digit so 0.07 never becomes 7.000000000000001.
 */
export function yuanToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // A JS number has no trailing zeros to lose; toFixed(2) round-trips only when <= 2 decimals.
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') text = value.trim();
  else return null;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_CENTS ? cents : null;
}

/** Cents as yuan text with two decimals: 1230 -> '12.30'. */
export function centsToYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const moneyField = z.union([z.number(), z.string()], { error: MSG.cashMoneyInvalid }).transform((v, ctx) => {
  const cents = yuanToCents(v);
  if (cents === null) {
    // '-5' and -5 read as "must be more than 0", other garbage as "malformed".
    const n = Number(v);
    ctx.addIssue({ code: 'custom', message: Number.isFinite(n) && n <= 0 ? MSG.cashMoneyPositive : MSG.cashMoneyInvalid });
    return z.NEVER;
  }
  if (cents <= 0) {
    ctx.addIssue({ code: 'custom', message: MSG.cashMoneyPositive });
    return z.NEVER;
  }
  return cents;
});

/** POST /v1/user/moneyCash: `money` (yuan) is parsed to cents. */
export const MoneyCashSchema = z.object({
  money: moneyField,
  casher: z.string({ error: MSG.casherEmpty }).trim().min(1, { error: MSG.casherEmpty }).max(64, { error: MSG.casherTooLong }),
  name: z
    .string({ error: MSG.cashNameEmpty })
    .trim()
    .min(1, { error: MSG.cashNameEmpty })
    .min(2, { error: MSG.cashNameLength })
    .max(20, { error: MSG.cashNameLength }),
});
export type MoneyCashReq = z.input<typeof MoneyCashSchema>;

export const InvitePageSchema = z.object({ page: pageField, rows: rowsField });

/** getInvitationCode: the caller's code and the /login/{code} link on the request's origin. */
export interface InvitationCodeRes {
  invite_code: string;
  url: string;
}

/** getInvitationInfo. Money in cents and as yuan text. */
export interface InvitationInfoRes {
  invite_open: boolean;
  invited_count: number;
  paid_count: number;
  wallet_cents: number;
  wallet: string;
  total_commission_cents: number;
  total_commission: string;
  /** Commission rate, e.g. 0.3 for 30%. */
  rate: number;
  min_cash: string;
  max_cash: string;
  rules: string[];
}

/** One invitee: phone and nick masked, joined time, whether they have paid an order. */
export interface InviteeItem {
  id: number;
  nick: string;
  phone: string;
  created_at: string;
  paid: boolean;
}

export type CashStatus = 'pending' | 'paid' | 'refused';

export interface CashOrderItem {
  id: number;
  money_cents: number;
  money: string;
  casher: string;
  name: string;
  status: CashStatus;
  created_at: string;
  closed_at: string | null;
}

export interface InvitePage<T> {
  list: T[];
  total: number;
  page: number;
  rows: number;
}

/** moneyCash answer: the new order and the balance left. */
export interface MoneyCashRes {
  order: CashOrderItem;
  wallet_cents: number;
  wallet: string;
}
