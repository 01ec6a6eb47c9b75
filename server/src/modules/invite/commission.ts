import type { Executor } from '../points/ledger';

/**
 * Commission for the inviter of a paying user, credited in the same transaction as the
 * payment (called by the shop module). Filled by the invite area; must be idempotent per order.
 */
export interface PaidOrder {
  orderNo: string;
  payerId: number;
  amountCents: number;
}

export async function creditInviteCommission(_tx: Executor, _order: PaidOrder): Promise<void> {
  // Laid down by the lead so the shop module can call it; the invite area implements it.
}
