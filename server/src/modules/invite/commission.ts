import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';
import { commissionOf, inviteSettings } from './settings';
import { applyWallet } from './wallet';

/**
 * Commission for the inviter of a paying user, credited in the same transaction as the
 * payment (called by the shop module). Idempotent per order: idem key `commission:{orderNo}`.
 */
export interface PaidOrder {
  orderNo: string;
  payerId: number;
  amountCents: number;
}

export interface CommissionCredited {
  inviterId: number;
  cents: number;
  balanceCents: number;
}

/**
 * Credit floor(amount x rate) cents to the payer's inviter when the inviter has opened the
 * invite permission. Answers what was credited, or null: no inviter, permission not opened,
 * nothing to credit, or this order was already credited. `catalogDir` is the settings folder
 * (tests and CATALOG_DIR); the rate is the operator's invite.json.
 */
export async function creditInviteCommission(tx: Executor, order: PaidOrder, catalogDir?: string): Promise<CommissionCredited | null> {
  const [inviter] = await rows<{ id: number; invite_open: boolean }>(
    tx,
    sql`SELECT i.id, i.invite_open FROM users p JOIN users i ON i.id = p.invited_by WHERE p.id = ${order.payerId}::bigint`,
  );
  if (!inviter || !inviter.invite_open) return null;
  const cents = commissionOf(order.amountCents, inviteSettings(catalogDir).commissionRate);
  if (cents <= 0) return null;
  const applied = await applyWallet(tx, {
    userId: Number(inviter.id),
    deltaCents: cents,
    reason: 'commission',
    ref: order.orderNo,
    idemKey: `commission:${order.orderNo}`,
  });
  return applied ? { inviterId: Number(inviter.id), cents, balanceCents: applied.balanceCents } : null;
}
