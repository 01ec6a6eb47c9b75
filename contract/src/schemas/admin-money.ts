import { z } from 'zod';
import { ADMIN_MSG } from '../msg/admin';
import { ADMIN_MONEY_MSG as M } from '../msg/admin-money';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin';

/**
 * The money area of the operator's API (docs/api.md "Admin money", docs/admin.md "Money"): orders and their CSV,
 * refunds, membership card batches, cash-out review. Admin role required like every /api/admin/* call. Amounts are
 * integer cents, times ISO strings.
 */

export const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_PROVIDERS = ['mock', 'alipay', 'wechat'] as const;
export const CARD_STATES = ['unused', 'used', 'voided', 'expired'] as const;
export type CardState = (typeof CARD_STATES)[number];
export const CASH_STATUSES = ['pending', 'paid', 'refused'] as const;
export type AdminCashStatus = (typeof CASH_STATUSES)[number];

/** Audit action codes of the money area. */
export const ADMIN_MONEY_ACTIONS = ['money.refund', 'money.cards_issue', 'money.card_void', 'money.cash_approve', 'money.cash_refuse'] as const;

export const CARD_BATCH_COUNT_MAX = 1000;
export const CARD_DAYS_VALID_MAX = 3650;
/** Rows one CSV export holds at most (orders); narrow the filters for more. */
export const ORDER_CSV_MAX_ROWS = 100_000;

// ---- Fields

const page = z.coerce
  .number({ error: ADMIN_MSG.adminPageInvalid })
  .int({ error: ADMIN_MSG.adminPageInvalid })
  .min(1, { error: ADMIN_MSG.adminPageInvalid })
  .max(100_000, { error: ADMIN_MSG.adminPageInvalid })
  .default(1);
const size = z.coerce
  .number({ error: ADMIN_MSG.adminSizeInvalid })
  .int({ error: ADMIN_MSG.adminSizeInvalid })
  .min(1, { error: ADMIN_MSG.adminSizeInvalid })
  .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_MSG.adminSizeInvalid })
  .default(ADMIN_PAGE_SIZE_DEFAULT);
/** '' (or absent) = any; otherwise one of `values`. */
const oneOfOrAll = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.union([z.literal(''), z.enum(values)], { error }).default('');
const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};
/** A business day YYYY-MM-DD (the server's business time zone), or '' for no bound. */
const day = z
  .string({ error: M.moneyDateInvalid })
  .trim()
  .refine((s) => s === '' || isDay(s), { error: M.moneyDateInvalid })
  .default('');
const reason = (error: string) => z.string({ error }).trim().min(1, { error }).max(200, { error });

// ---- Orders

/** GET /api/admin/orders and /api/admin/orders.csv: every filter optional; from/to are inclusive business days. */
export const AdminOrderQuerySchema = z
  .object({
    status: oneOfOrAll(ORDER_STATUSES, M.moneyOrderStatusInvalid),
    provider: oneOfOrAll(ORDER_PROVIDERS, M.moneyProviderInvalid),
    /** The order number (exact or a part), the user id (exact) or a part of the user's phone. */
    keyword: z.string({ error: M.moneyKeywordInvalid }).trim().max(64, { error: M.moneyKeywordInvalid }).default(''),
    from: day,
    to: day,
    page,
    size,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: M.moneyDateRangeInvalid });
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

export const AdminOrderNoSchema = z.object({
  id: z.string({ error: M.moneyOrderNoInvalid }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error: M.moneyOrderNoInvalid }),
});

export const AdminRefundSchema = z.object({ reason: reason(M.moneyRefundReasonInvalid) });
export type AdminRefundReq = z.infer<typeof AdminRefundSchema>;

export interface AdminMoneyOrder {
  orderNo: string;
  userId: number;
  phone: string;
  nick: string;
  shopId: number;
  shopName: string;
  amountCents: number;
  provider: string;
  status: string;
  tradeNo: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  refundReason: string;
}
export interface AdminOrderList {
  list: AdminMoneyOrder[];
  total: number;
  page: number;
  size: number;
}

/** What a refund took back. The money itself goes back in the provider's merchant console (`providerRefund: 'manual'`). */
export interface AdminRefundRes {
  order: AdminMoneyOrder;
  /** Points taken back through the ledger; `pointsShort` of the grant were already spent (never below zero). */
  pointsTaken: number;
  pointsShort: number;
  /** Membership days taken off the expiry (0 when the order granted none). */
  daysTaken: number;
  /** The order had granted a permanent membership, now removed. */
  permanentRemoved: boolean;
  /** Bonus counts taken back per quota key (only what is left unused). */
  countsTaken: Record<string, number>;
  providerRefund: 'manual';
}

// ---- Membership cards

export const AdminCardBatchCreateSchema = z.object({
  shopId: z.number({ error: M.moneyCardShopInvalid }).int({ error: M.moneyCardShopInvalid }).min(1, { error: M.moneyCardShopInvalid }).max(1_000_000, { error: M.moneyCardShopInvalid }),
  count: z.number({ error: M.moneyCardCountInvalid }).int({ error: M.moneyCardCountInvalid }).min(1, { error: M.moneyCardCountInvalid }).max(CARD_BATCH_COUNT_MAX, { error: M.moneyCardCountInvalid }),
  note: z.string({ error: M.moneyCardNoteInvalid }).trim().max(200, { error: M.moneyCardNoteInvalid }).default(''),
  daysValid: z
    .number({ error: M.moneyCardDaysInvalid })
    .int({ error: M.moneyCardDaysInvalid })
    .min(1, { error: M.moneyCardDaysInvalid })
    .max(CARD_DAYS_VALID_MAX, { error: M.moneyCardDaysInvalid })
    .nullish(),
});
export type AdminCardBatchCreate = z.infer<typeof AdminCardBatchCreateSchema>;

const batchName = z.string({ error: M.moneyCardBatchInvalid }).trim().min(1, { error: M.moneyCardBatchInvalid }).max(32, { error: M.moneyCardBatchInvalid });

export const AdminCardBatchListQuerySchema = z.object({ page, size });
export const AdminCardBatchParamSchema = z.object({ batch: batchName });
export const AdminCardListQuerySchema = z.object({
  batch: z.union([z.literal(''), batchName], { error: M.moneyCardBatchInvalid }).default(''),
  state: oneOfOrAll(CARD_STATES, M.moneyCardStateInvalid),
  page,
  size,
});
export type AdminCardListQuery = z.infer<typeof AdminCardListQuerySchema>;
export const AdminCardCodeSchema = z.object({
  code: z.string({ error: M.moneyCardCodeInvalid }).regex(/^[A-Za-z0-9]{1,32}$/, { error: M.moneyCardCodeInvalid }),
});

export interface AdminCardBatchItem {
  batch: string;
  shopId: number;
  shopName: string;
  count: number;
  used: number;
  voided: number;
  note: string;
  /** The issuing admin; null for batches of the command line. */
  createdBy: number | null;
  createdAt: string;
}
export interface AdminCardBatchList {
  list: AdminCardBatchItem[];
  total: number;
  page: number;
  size: number;
}
export interface AdminCardBatchCreated {
  batch: AdminCardBatchItem;
  codes: string[];
}
export interface AdminCardItem {
  code: string;
  batch: string;
  shopId: number;
  state: CardState;
  expiresAt: string | null;
  usedBy: number | null;
  usedAt: string | null;
  voidedAt: string | null;
  createdAt: string;
}
export interface AdminCardList {
  list: AdminCardItem[];
  total: number;
  page: number;
  size: number;
}

// ---- Cash-out review

export const AdminCashListQuerySchema = z.object({ status: oneOfOrAll(CASH_STATUSES, M.moneyCashStatusInvalid), page, size });
export type AdminCashListQuery = z.infer<typeof AdminCashListQuerySchema>;
export const AdminCashIdSchema = z.object({
  id: z.coerce
    .number({ error: M.moneyCashIdInvalid })
    .int({ error: M.moneyCashIdInvalid })
    .min(1, { error: M.moneyCashIdInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: M.moneyCashIdInvalid }),
});
export const AdminCashApproveSchema = z.object({
  transferRef: z.string({ error: M.moneyTransferRefInvalid }).trim().min(1, { error: M.moneyTransferRefInvalid }).max(64, { error: M.moneyTransferRefInvalid }),
});
export const AdminCashRefuseSchema = z.object({ reason: reason(M.moneyCashRefuseReasonInvalid) });

export interface AdminCashItem {
  id: number;
  userId: number;
  phone: string;
  nick: string;
  moneyCents: number;
  casher: string;
  name: string;
  status: string;
  createdAt: string;
  closedAt: string | null;
  transferRef: string;
  refuseReason: string;
  reviewedBy: number | null;
  /** The inviter's wallet now (after the request took the money out). */
  walletCents: number;
}
export interface AdminCashList {
  list: AdminCashItem[];
  total: number;
  /** Pending requests over all pages (the menu's badge). */
  pending: number;
  page: number;
  size: number;
}
