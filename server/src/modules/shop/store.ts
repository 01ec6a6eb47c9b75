import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/** SQL of the shop: orders, notify audit rows, membership cards. */
export interface OrderRow {
  orderNo: string;
  userId: number;
  shopId: number;
  shopName: string;
  amountCents: number;
  provider: string;
  status: string;
  grant: string;
  inviteCode: string;
  payUrl: string;
  createdAt: Date;
}

type RawOrder = {
  order_no: string;
  user_id: number | string;
  shop_id: number;
  shop_name: string;
  amount_cents: number;
  provider: string;
  status: string;
  grant: string;
  invite_code: string;
  pay_url: string;
  created_at: Date | string;
};

const toOrder = (r: RawOrder): OrderRow => ({
  orderNo: r.order_no,
  userId: Number(r.user_id),
  shopId: Number(r.shop_id),
  shopName: r.shop_name,
  amountCents: Number(r.amount_cents),
  provider: r.provider,
  status: r.status,
  grant: r.grant,
  inviteCode: r.invite_code,
  payUrl: r.pay_url,
  createdAt: new Date(r.created_at),
});

export async function insertOrder(
  db: Executor,
  o: Omit<OrderRow, 'status' | 'payUrl' | 'createdAt'> & { num: number; channel: string; appChannel: string; couponId: string },
): Promise<void> {
  await rows(
    db,
    sql`INSERT INTO shop_orders (order_no, user_id, shop_id, shop_name, num, amount_cents, provider, channel, app_channel, coupon_id, invite_code, "grant")
      VALUES (${o.orderNo}, ${o.userId}::bigint, ${o.shopId}::int, ${o.shopName}, ${o.num}::int, ${o.amountCents}::int, ${o.provider},
        ${o.channel}, ${o.appChannel}, ${o.couponId}, ${o.inviteCode}, ${o.grant})`,
  );
}

export async function setPayUrl(db: Executor, orderNo: string, payUrl: string): Promise<void> {
  await rows(db, sql`UPDATE shop_orders SET pay_url = ${payUrl} WHERE order_no = ${orderNo}`);
}

export async function closeOrder(db: Executor, orderNo: string): Promise<void> {
  await rows(db, sql`UPDATE shop_orders SET status = 'closed' WHERE order_no = ${orderNo} AND status = 'pending'`);
}

export async function findOrder(db: Executor, orderNo: string): Promise<OrderRow | null> {
  const out = await rows<RawOrder>(db, sql`SELECT * FROM shop_orders WHERE order_no = ${orderNo}`);
  return out[0] ? toOrder(out[0]) : null;
}

/**
 * The one statement that decides who credits a payment: only a not-yet-paid order of this
 * provider with exactly this amount turns paid, and only one caller gets the row back.
 * A closed order still turns paid: the buyer's money arrived after the order timed out.
 */
export async function markPaid(
  db: Executor,
  p: { orderNo: string; provider: string; amountCents: number; tradeNo: string; at: Date },
): Promise<OrderRow | null> {
  const out = await rows<RawOrder>(
    db,
    sql`UPDATE shop_orders SET status = 'paid', trade_no = ${p.tradeNo.slice(0, 64)}, paid_at = ${p.at}::timestamptz
      WHERE order_no = ${p.orderNo} AND provider = ${p.provider} AND status IN ('pending', 'closed') AND amount_cents = ${p.amountCents}::int
      RETURNING *`,
  );
  return out[0] ? toOrder(out[0]) : null;
}

export async function logNotification(
  db: Executor,
  n: { provider: string; orderNo: string; verified: boolean; outcome: string; body: string },
): Promise<void> {
  await rows(
    db,
    sql`INSERT INTO pay_notifications (provider, order_no, verified, outcome, body)
      VALUES (${n.provider}, ${n.orderNo.slice(0, 40)}, ${n.verified}, ${n.outcome}, ${n.body.slice(0, 8000)})`,
  );
}

/** Pending orders of real gateways younger than `since`, oldest first (reconcile). */
export async function pendingSince(db: Executor, since: Date, limit = 200): Promise<OrderRow[]> {
  const out = await rows<RawOrder>(
    db,
    sql`SELECT * FROM shop_orders WHERE status = 'pending' AND created_at >= ${since}::timestamptz ORDER BY created_at LIMIT ${limit}::int`,
  );
  return out.map(toOrder);
}

export async function closePendingBefore(db: Executor, before: Date): Promise<number> {
  const out = await rows<{ order_no: string }>(
    db,
    sql`UPDATE shop_orders SET status = 'closed' WHERE status = 'pending' AND created_at < ${before}::timestamptz RETURNING order_no`,
  );
  return out.length;
}

// ---- Cards

export async function insertCards(
  db: Executor,
  cards: { code: string; batch: string; shopId: number; expiresAt: Date | null }[],
): Promise<void> {
  for (const c of cards) {
    await rows(
      db,
      sql`INSERT INTO vip_cards (code, batch, shop_id, expires_at) VALUES (${c.code}, ${c.batch}, ${c.shopId}::int, ${c.expiresAt}::timestamptz)`,
    );
  }
}

export interface CardRow {
  code: string;
  batch: string;
  shopId: number;
  expiresAt: Date | null;
  usedBy: number | null;
  usedAt: Date | null;
  /** Voided by an operator (admin console): never activatable. */
  voidedAt: Date | null;
}

type RawCard = {
  code: string;
  batch: string;
  shop_id: number;
  expires_at: Date | string | null;
  used_by: number | string | null;
  used_at: Date | string | null;
  voided_at?: Date | string | null;
};
const toCard = (r: RawCard): CardRow => ({
  code: r.code,
  batch: r.batch,
  shopId: Number(r.shop_id),
  expiresAt: r.expires_at ? new Date(r.expires_at) : null,
  usedBy: r.used_by === null ? null : Number(r.used_by),
  usedAt: r.used_at ? new Date(r.used_at) : null,
  voidedAt: r.voided_at ? new Date(r.voided_at) : null,
});

/** One use: only the first caller for an unused, unvoided, unexpired card gets the row. */
export async function claimCard(db: Executor, code: string, userId: number, at: Date): Promise<CardRow | null> {
  const out = await rows<RawCard>(
    db,
    sql`UPDATE vip_cards SET used_by = ${userId}::bigint, used_at = ${at}::timestamptz
      WHERE code = ${code} AND used_by IS NULL AND voided_at IS NULL AND (expires_at IS NULL OR expires_at > ${at}::timestamptz)
      RETURNING *`,
  );
  return out[0] ? toCard(out[0]) : null;
}

export async function findCard(db: Executor, code: string): Promise<CardRow | null> {
  const out = await rows<RawCard>(db, sql`SELECT * FROM vip_cards WHERE code = ${code}`);
  return out[0] ? toCard(out[0]) : null;
}

export async function listCards(db: Executor, batch?: string): Promise<CardRow[]> {
  const out = await rows<RawCard>(
    db,
    batch
      ? sql`SELECT * FROM vip_cards WHERE batch = ${batch} ORDER BY created_at, code`
      : sql`SELECT * FROM vip_cards ORDER BY created_at, code LIMIT 1000`,
  );
  return out.map(toCard);
}
