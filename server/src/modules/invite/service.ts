import {
  MSG,
  centsToYuan,
  type CashOrderItem,
  type CashStatus,
  type InvitationCodeRes,
  type InvitationInfoRes,
  type InviteeItem,
  type InvitePage,
  type MoneyCashRes,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound, refused } from '../../http/errors';
import { type Executor } from '../../db/sql';
import { inviteSettings } from './settings';
import {
  closeCashOrder,
  insertCashOrder,
  openInvite,
  selectCashOrders,
  selectInviteCounts,
  selectInvitees,
  selectInviter,
  selectPendingCashOrders,
  setInvitedBy,
  type CashOrderRow,
} from './store';
import { applyWallet } from './wallet';

/** Invitations and cash-outs (docs/product/invite.md §1, §6, §7): the rules; SQL lives in store.ts, the wallet in wallet.ts. */
type Ctx = Pick<AppContext, 'database' | 'config'>;

const settingsOf = (ctx: Ctx) => inviteSettings(ctx.config.catalogDir);

async function inviterOr404(db: Executor, userId: number) {
  const me = await selectInviter(db, userId);
  if (!me) throw notFound();
  return me;
}

/** The caller's code and the /login/{code} link on the origin the request came to. */
export async function invitationCode(ctx: Ctx, userId: number, origin: string): Promise<InvitationCodeRes> {
  const me = await inviterOr404(ctx.database.db, userId);
  return { invite_code: me.invite_code, url: `${origin.replace(/\/+$/, '')}/login/${encodeURIComponent(me.invite_code)}` };
}

export async function openInvitePermission(ctx: Ctx, userId: number): Promise<{ invite_open: true }> {
  await inviterOr404(ctx.database.db, userId);
  await openInvite(ctx.database.db, userId);
  return { invite_open: true };
}

export async function invitationInfo(ctx: Ctx, userId: number): Promise<InvitationInfoRes> {
  const db = ctx.database.db;
  const me = await inviterOr404(db, userId);
  const counts = await selectInviteCounts(db, userId);
  const s = settingsOf(ctx);
  return {
    invite_open: me.invite_open,
    invited_count: counts.invited,
    paid_count: counts.paid,
    wallet_cents: me.wallet_cents,
    wallet: centsToYuan(me.wallet_cents),
    total_commission_cents: counts.commission,
    total_commission: centsToYuan(counts.commission),
    rate: s.commissionRate,
    min_cash: centsToYuan(s.minCashCents),
    max_cash: centsToYuan(s.maxCashCents),
    rules: s.rules,
  };
}

/** 13812345678 -> 138****5678; short values keep their first character only. */
export function maskPhone(phone: string): string {
  if (phone.length >= 7) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return phone ? `${phone.slice(0, 1)}***` : '';
}

/** A nick shows its first character; a nick that is a phone number is masked like one. */
export function maskNick(nick: string): string {
  if (/^\d{7,}$/.test(nick)) return maskPhone(nick);
  // Nicks made from a phone number are already masked (138****5678): keep them readable.
  if (/\*{2,}/.test(nick)) return nick;
  const chars = [...nick];
  return chars.length <= 1 ? nick : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 3))}`;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function invitationList(ctx: Ctx, userId: number, page: number, size: number): Promise<InvitePage<InviteeItem>> {
  const { list, total } = await selectInvitees(ctx.database.db, userId, page, size);
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      nick: maskNick(r.nick || r.account || ''),
      phone: maskPhone(r.phone ?? ''),
      created_at: iso(r.created_at)!,
      paid: Boolean(r.paid),
    })),
    total,
    page,
    rows: size,
  };
}

function cashItem(r: CashOrderRow): CashOrderItem {
  const cents = Number(r.money_cents);
  return {
    id: Number(r.id),
    money_cents: cents,
    money: centsToYuan(cents),
    casher: r.casher,
    name: r.name,
    status: r.status as CashStatus,
    created_at: iso(r.created_at)!,
    closed_at: iso(r.closed_at),
  };
}

export async function cashOrders(ctx: Ctx, userId: number, page: number, size: number): Promise<InvitePage<CashOrderItem>> {
  const { list, total } = await selectCashOrders(ctx.database.db, userId, page, size);
  return { list: list.map(cashItem), total, page, rows: size };
}

/**
 * moneyCash: the order row and the wallet debit in one transaction. The debit is one conditional
 * UPDATE (wallet_cents >= money): under any concurrency the cash-outs admitted sum to at most the
 * balance; a refused debit rolls the order insert back.
 */
export async function moneyCash(ctx: Ctx, userId: number, req: { money: number; casher: string; name: string }): Promise<MoneyCashRes> {
  const s = settingsOf(ctx);
  return ctx.database.db.transaction(async (tx) => {
    const me = await inviterOr404(tx, userId);
    if (!me.invite_open) throw refused(MSG.inviteNotOpen);
    if (req.money < s.minCashCents) throw refused(MSG.cashBelowMin(centsToYuan(s.minCashCents)));
    if (req.money > s.maxCashCents) throw refused(MSG.cashAboveMax(centsToYuan(s.maxCashCents)));
    const order = await insertCashOrder(tx, { userId, moneyCents: req.money, casher: req.casher, name: req.name });
    const debit = await applyWallet(tx, { userId, deltaCents: -req.money, reason: 'cash_out', ref: String(order.id) });
    if (!debit) throw refused(MSG.cashAboveBalance);
    return { order: cashItem(order), wallet_cents: debit.balanceCents, wallet: centsToYuan(debit.balanceCents) };
  });
}

/** Record the inviter of a new account (signup paths that do not set invited_by themselves). */
export async function attachInviter(tx: Executor, newUserId: number, inviteCode: string | undefined | null): Promise<number | null> {
  const code = (inviteCode ?? '').trim().toUpperCase();
  if (!code || code.length > 16) return null;
  return setInvitedBy(tx, newUserId, code);
}

/** Operator: pending cash-outs. */
export async function pendingCashOrders(ctx: Ctx): Promise<(CashOrderItem & { user_id: number })[]> {
  return (await selectPendingCashOrders(ctx.database.db)).map((r) => ({ ...cashItem(r), user_id: Number(r.user_id) }));
}

/** Operator: mark a pending cash-out paid (the money left the wallet when it was requested). */
export async function payCashOrder(ctx: Ctx, id: number): Promise<CashOrderItem | null> {
  const row = await closeCashOrder(ctx.database.db, id, 'paid');
  return row ? cashItem(row) : null;
}

/**
 * Operator: refuse a pending cash-out and return its money with a ledger row, in one transaction.
 * A second refuse (or a refuse of a paid order) changes nothing: the order is no longer pending,
 * and the refund's idem key `cash_refund:{id}` could not be used twice anyway.
 */
export async function refuseCashOrder(ctx: Ctx, id: number): Promise<CashOrderItem | null> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await closeCashOrder(tx, id, 'refused');
    if (!row) return null;
    await applyWallet(tx, {
      userId: Number(row.user_id),
      deltaCents: Number(row.money_cents),
      reason: 'cash_refund',
      ref: String(row.id),
      idemKey: `cash_refund:${row.id}`,
    });
    return cashItem(row);
  });
}
