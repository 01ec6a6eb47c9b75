import { ADMIN_MONEY_MSG as M, ShopGrantSchema, type AdminRefundRes, type ShopGrant } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound, refused } from '../../http/errors';
import { forgetUserSessions } from '../auth/service';
import { writeAudit, type AuditActor } from '../admin/audit';
import { changePoints } from '../points/service';
import { toMoneyOrder } from './orders';
import { lockBuyer, lockOrder, markRefunded, selectOrder, takeBackBonus, updateBuyerMembership, type BuyerRow } from './orders-store';

/** Ledger reason of points taken back by a refund; its Chinese name (订单退款) shows in the user's bill. */
export const REFUND_POINTS_REASON = 'refund';
const DAY_MS = 86_400_000;

type AdminActor = Extract<AuditActor, { kind: 'admin' }>;

/** The grant snapshot the order was credited with (read as the shop reads it when crediting). */
function grantOf(text: string): ShopGrant {
  return ShopGrantSchema.parse(JSON.parse(text));
}

export interface Membership {
  vip: number;
  vipType: string;
  vipPermanent: boolean;
  vipExpiresAt: Date | null;
}

const membershipOf = (b: BuyerRow): Membership => ({
  vip: Number(b.vip),
  vipType: b.vip_type,
  vipPermanent: b.vip_permanent,
  vipExpiresAt: b.vip_expires_at ? new Date(b.vip_expires_at) : null,
});
const auditMembership = (m: Membership) => ({ ...m, vipExpiresAt: m.vipExpiresAt ? m.vipExpiresAt.toISOString() : null });

/**
 * The membership after taking the order's grant back: a permanent grant loses permanence; a term grant loses its days
 * from the expiry. The level cannot be restored to what it was before the purchase (the order does not record it), so
 * it stays while the remaining term lasts and drops to free (0) when nothing is left. A level set by an operator
 * without an expiry is left alone.
 */
export function membershipAfterRefund(m: Membership, g: ShopGrant, at: Date): { next: Membership; daysTaken: number; permanentRemoved: boolean } {
  const next = { ...m };
  let daysTaken = 0;
  let permanentRemoved = false;
  if (g.vip <= 0) return { next, daysTaken, permanentRemoved };
  if (g.permanent) {
    if (m.vipPermanent) {
      next.vipPermanent = false;
      permanentRemoved = true;
    }
  } else if (m.vipExpiresAt && !m.vipPermanent && g.days > 0) {
    next.vipExpiresAt = new Date(m.vipExpiresAt.getTime() - g.days * DAY_MS);
    daysTaken = g.days;
  }
  const termLeft = next.vipPermanent || (next.vipExpiresAt !== null && next.vipExpiresAt.getTime() > at.getTime());
  // Nothing of a bought membership is left: back to a free user.
  if ((permanentRemoved || daysTaken > 0) && !termLeft) return { next: { ...next, vip: 0, vipType: '' }, daysTaken, permanentRemoved };
  return { next, daysTaken, permanentRemoved };
}

/**
 * POST /api/admin/orders/:id/refund. One transaction: lock the order, refuse unless paid, lock the buyer, take back the
 * grant (points through the ledger down to zero at most: points already spent cannot be taken, the shortfall is
 * answered and audited; membership days or permanence; unused bonus counts), turn the order refunded by the one
 * conditional paid -> refunded statement, and write the audit row. The money goes back in the provider's merchant
 * console: the pay adapters have no refund call (`providerRefund: 'manual'`).
 */
export async function refundOrder(ctx: AppContext, actor: AdminActor, orderNo: string, reason: string, at: Date = new Date()): Promise<AdminRefundRes> {
  const out = await ctx.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderNo);
    if (!order) throw notFound(M.moneyOrderNotFound);
    if (order.status === 'refunded') throw refused(M.moneyRefundAlready);
    if (order.status !== 'paid') throw refused(M.moneyRefundNotPaid);
    const userId = Number(order.user_id);
    const buyer = await lockBuyer(tx, userId);
    const grant = grantOf(order.grant);

    let pointsTaken = 0;
    if (buyer && grant.points > 0) {
      pointsTaken = Math.min(grant.points, buyer.points);
      if (pointsTaken > 0) {
        const applied = await changePoints(
          ctx,
          { userId, delta: -pointsTaken, reason: REFUND_POINTS_REASON, ref: orderNo, note: reason, idemKey: `refund:${orderNo}` },
          tx,
        );
        if (!applied) pointsTaken = 0;
      }
    }
    const before = buyer ? membershipOf(buyer) : null;
    const m = before ? membershipAfterRefund(before, grant, at) : { next: null, daysTaken: 0, permanentRemoved: false };
    if (m.next && before && JSON.stringify(m.next) !== JSON.stringify(before)) await updateBuyerMembership(tx, userId, m.next);

    const countsTaken: Record<string, number> = {};
    for (const [quotaKey, amount] of Object.entries(grant.counts)) {
      if (!buyer || amount <= 0) continue;
      countsTaken[quotaKey] = await takeBackBonus(tx, { userId, quotaKey, amount, ref: orderNo, idemKey: `refund:${orderNo}:${quotaKey}` });
    }

    if (!(await markRefunded(tx, { orderNo, adminId: actor.id, reason, at }))) throw refused(M.moneyRefundAlready);
    const result = { pointsTaken, pointsShort: grant.points - pointsTaken, daysTaken: m.daysTaken, permanentRemoved: m.permanentRemoved, countsTaken };
    await writeAudit(
      ctx,
      {
        actor,
        action: 'money.refund',
        target: { type: 'order', id: orderNo },
        before: { status: 'paid', userId, points: buyer?.points ?? null, membership: before ? auditMembership(before) : null },
        after: {
          status: 'refunded',
          reason,
          points: buyer ? buyer.points - pointsTaken : null,
          membership: m.next ? auditMembership(m.next) : null,
          ...result,
          providerRefund: 'manual',
        },
      },
      tx,
    );
    return { userId, result };
  });
  // The buyer's sessions carry the membership level.
  forgetUserSessions(ctx, out.userId);
  const order = await selectOrder(ctx.database.db, orderNo);
  return { order: toMoneyOrder(order!), ...out.result, providerRefund: 'manual' };
}
