import { ADMIN_MONEY_MSG as M, type AdminCashItem, type AdminCashList, type AdminCashListQuery } from '@wanxiang/contract';
import { notFound, refused } from '../../http/errors';
import { writeAudit, type AuditActor } from '../admin/audit';
import { applyWallet } from '../invite/wallet';
import type { MoneyContext } from './orders';
import { closeCash, selectCash, selectCashPage, type MoneyCashRow } from './cash-store';

/**
 * Cash-out review (GET /api/admin/cash-outs, POST .../approve, .../refuse). The money left the inviter's wallet when the
 * request was made (invite/service.ts moneyCash); approving records the transfer the operator made by hand, refusing
 * returns the money through the wallet ledger (reason cash_refund, idem key cash_refund:{id}, as the invite CLI does).
 * Each is one conditional pending -> paid | refused statement, audited in its transaction.
 */
type AdminActor = Extract<AuditActor, { kind: 'admin' }>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toItem(r: MoneyCashRow): AdminCashItem {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    phone: r.phone ?? '',
    nick: r.nick ?? '',
    moneyCents: Number(r.money_cents),
    casher: r.casher,
    name: r.name,
    status: r.status,
    createdAt: iso(r.created_at)!,
    closedAt: iso(r.closed_at),
    transferRef: r.transfer_ref,
    refuseReason: r.refuse_reason,
    reviewedBy: r.reviewed_by === null ? null : Number(r.reviewed_by),
    walletCents: Number(r.wallet_cents ?? 0),
  };
}

export async function listCashOuts(ctx: MoneyContext, q: AdminCashListQuery): Promise<AdminCashList> {
  const { list, total, pending } = await selectCashPage(ctx.database.db, q.status, q.size, (q.page - 1) * q.size);
  return { list: list.map(toItem), total, pending, page: q.page, size: q.size };
}

/** Why nothing closed: unknown (404) or already reviewed (1000). */
async function notClosed(ctx: MoneyContext, id: number): Promise<never> {
  if (!(await selectCash(ctx.database.db, id))) throw notFound(M.moneyCashNotFound);
  throw refused(M.moneyCashNotPending);
}

export async function approveCashOut(ctx: MoneyContext, actor: AdminActor, id: number, transferRef: string, at: Date = new Date()): Promise<AdminCashItem> {
  const done = await ctx.database.db.transaction(async (tx) => {
    const row = await closeCash(tx, { id, status: 'paid', transferRef, adminId: actor.id, at });
    if (!row) return null;
    await writeAudit(
      ctx,
      {
        actor,
        action: 'money.cash_approve',
        target: { type: 'cash_out', id },
        before: { status: 'pending', moneyCents: Number(row.money_cents) },
        after: { status: 'paid', moneyCents: Number(row.money_cents), transferRef },
      },
      tx,
    );
    return row;
  });
  if (!done) return notClosed(ctx, id);
  return toItem((await selectCash(ctx.database.db, id))!);
}

export async function refuseCashOut(ctx: MoneyContext, actor: AdminActor, id: number, reason: string, at: Date = new Date()): Promise<AdminCashItem> {
  const done = await ctx.database.db.transaction(async (tx) => {
    const row = await closeCash(tx, { id, status: 'refused', reason, adminId: actor.id, at });
    if (!row) return null;
    const userId = Number(row.user_id);
    const money = Number(row.money_cents);
    const back = await applyWallet(tx, { userId, deltaCents: money, reason: 'cash_refund', ref: String(id), idemKey: `cash_refund:${id}` });
    await writeAudit(
      ctx,
      {
        actor,
        action: 'money.cash_refuse',
        target: { type: 'cash_out', id },
        before: { status: 'pending', moneyCents: money, walletCents: back ? back.balanceCents - money : null },
        after: { status: 'refused', moneyCents: money, reason, walletCents: back?.balanceCents ?? null, walletLedgerId: back?.ledgerId ?? null },
      },
      tx,
    );
    return row;
  });
  if (!done) return notClosed(ctx, id);
  return toItem((await selectCash(ctx.database.db, id))!);
}
