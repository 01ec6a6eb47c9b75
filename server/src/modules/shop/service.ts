import { randomInt } from 'node:crypto';
import { MSG, ShopGrantSchema, type ShopOrderCreated, type ShopOrderStatus } from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { startClusterJob } from '../../db/lease';
import { badRequest, refused } from '../../http/errors';
import { decodeUriOrNull } from '../../http/decode-uri';
import { Code } from '@wanxiang/contract';
import { PayVerifyError, type PayProvider, type RawNotify, type VerifiedNotify } from '../../infra/pay';
import { forgetUserSessions } from '../auth/service';
import { creditInviteCommission } from '../invite/commission';
import type { LiveValueHost } from '../../catalog/documents/live';
import { findItem, shopCatalogOf } from './catalog';
import { applyGrant } from './membership';
import {
  closeOrder,
  closePendingBefore,
  findOrder,
  insertOrder,
  logNotification,
  markPaid,
  pendingSince,
  setPayUrl,
  type OrderRow,
} from './store';

/**
 * Orders and payments (docs/product/membership-and-payment.md §4 Payment QR, 7). The amount is fixed when the order is
 * made; a payment credits only through `creditPayment`, whose conditional update lets exactly one
 * of any number of concurrent notifies (or a notify racing the reconciler) apply the grant.
 */
export type ShopContext = Pick<AppContext, 'config' | 'database' | 'pay'> & Partial<Pick<AppContext, 'metrics'>>;

/** Pending orders younger than this are asked about; older ones close. */
export const RECONCILE_WINDOW_MS = 2 * 3600_000;
export const RECONCILE_EVERY_MS = 60_000;

/** 'WX' + epoch ms + 9 random digits: unique, sortable, within Alipay's 64 and WeChat's 6-32 characters. */
export function newOrderNo(at: Date = new Date()): string {
  return `WX${at.getTime()}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

export interface CreateOrderInput {
  shop_id: number;
  pay_id: number;
  num: number;
  channel?: string;
  app_channel?: string;
  coupon_id?: string;
  invite_code?: string;
}

export async function createOrder(
  ctx: ShopContext & LiveValueHost,
  userId: number,
  input: CreateOrderInput,
  log?: FastifyBaseLogger,
): Promise<ShopOrderCreated> {
  const catalog = shopCatalogOf(ctx);
  const item = findItem(catalog, input.shop_id, input.invite_code);
  if (!item) throw badRequest(MSG.shopItemUnknown);
  // A membership is one per order: buying 3 monthly cards at once is 3 orders (or the quarterly item).
  const num = item.kind === 'vip' ? 1 : input.num;
  const provider = ctx.pay.forPayId(input.pay_id);
  const orderNo = newOrderNo();
  const amountCents = item.shop_price * num;
  const grant = { ...item.grant, days: item.grant.days * num, points: item.grant.points * num };
  grant.counts = Object.fromEntries(Object.entries(item.grant.counts).map(([k, v]) => [k, v * num]));
  await insertOrder(ctx.database.db, {
    orderNo,
    userId,
    shopId: item.id,
    shopName: item.shop_name,
    num,
    amountCents,
    provider: provider.name,
    channel: input.channel ?? '',
    appChannel: input.app_channel || 'web',
    couponId: input.coupon_id ?? '',
    inviteCode: input.invite_code ?? '',
    grant: JSON.stringify(grant),
  });
  let payUrl: string;
  try {
    payUrl = (await provider.createPayment({ orderNo, amountCents, subject: `万象AI-${item.shop_name}` })).payUrl;
  } catch (err) {
    log?.error({ err, orderNo, provider: provider.name }, 'payment creation failed');
    await closeOrder(ctx.database.db, orderNo);
    throw refused(MSG.payUnavailable);
  }
  await setPayUrl(ctx.database.db, orderNo, payUrl);
  ctx.metrics?.orderCreated(provider.name);
  return {
    query_order: orderNo,
    url: payUrl,
    shop_id: item.id,
    shop_name: item.shop_name,
    shop_price: amountCents,
    provider: provider.name,
  };
}

function statusOf(o: OrderRow): ShopOrderStatus {
  return {
    query_order: o.orderNo,
    shop_id: o.shopId,
    shop_name: o.shopName,
    shop_price: o.amountCents,
    status: o.status,
    paid: o.status === 'paid',
  };
}

/** The caller's own order, or 订单不存在 (another user's order number reads as unknown). */
export async function ownOrder(ctx: ShopContext, userId: number, orderNo: string): Promise<OrderRow> {
  const o = await findOrder(ctx.database.db, orderNo);
  if (!o || o.userId !== userId) throw refused(MSG.orderUnknown, Code.NOT_FOUND);
  return o;
}

/** queryShopsOrder's `url`: the pay link carrying query_order, or the bare order number. A malformed escape is bad input (400). */
export function orderNoFromUrl(url: string): string {
  const m = /[?&]query_order=([^&#]+)/.exec(url);
  if (!m) return url.trim();
  const no = decodeUriOrNull(m[1]!);
  if (no === null) throw badRequest(MSG.badField('url'));
  return no;
}

/** Last gateway query per order: a browser polling every 3 s asks the gateway at most every 10 s. */
const lastAsked = new Map<string, number>();

/**
 * The pay query the browser polls: paid answers; a pending order of a real gateway is also asked
 * about directly (a lost notify still shows 支付成功 within seconds).
 */
export async function payStatus(ctx: ShopContext, userId: number, orderNo: string, log?: FastifyBaseLogger): Promise<ShopOrderStatus> {
  let o = await ownOrder(ctx, userId, orderNo);
  if (o.status === 'pending' && o.provider !== 'mock') {
    const now = Date.now();
    if ((lastAsked.get(o.orderNo) ?? 0) < now - 10_000) {
      lastAsked.set(o.orderNo, now);
      if (lastAsked.size > 10_000) lastAsked.clear();
      await reconcileOne(ctx, o, log).catch((err: unknown) => log?.warn({ err, orderNo }, 'pay query failed'));
      o = (await findOrder(ctx.database.db, orderNo)) ?? o;
    }
  }
  return statusOf(o);
}

export type CreditOutcome = 'credited' | 'duplicate' | 'bad_amount' | 'unknown_order' | 'not_paid';

/**
 * Credit a verified payment once. One transaction: the conditional update (only one winner),
 * the grant (membership, counts, points with idem keys), the inviter's commission.
 */
export async function creditPayment(
  ctx: Pick<ShopContext, 'database'> & Partial<Pick<AppContext, 'config' | 'metrics'>>,
  provider: string,
  v: VerifiedNotify,
  at: Date = new Date(),
): Promise<{ outcome: CreditOutcome; order: OrderRow | null }> {
  if (!v.paid) return { outcome: 'not_paid', order: await findOrder(ctx.database.db, v.orderNo) };
  const won = await ctx.database.db.transaction(async (tx) => {
    const order = await markPaid(tx, { orderNo: v.orderNo, provider, amountCents: v.amountCents, tradeNo: v.tradeNo, at });
    if (!order) return null;
    const grant = ShopGrantSchema.parse(JSON.parse(order.grant));
    await applyGrant(tx, { userId: order.userId, grant, idemBase: `order:${order.orderNo}`, reason: 'shop', ref: order.orderNo, at });
    await creditInviteCommission(tx, { orderNo: order.orderNo, payerId: order.userId, amountCents: order.amountCents });
    return order;
  });
  if (won) {
    ctx.metrics?.orderPaid(provider, won.amountCents);
    return { outcome: 'credited', order: won };
  }
  const order = await findOrder(ctx.database.db, v.orderNo);
  if (!order || order.provider !== provider) return { outcome: 'unknown_order', order: null };
  // A refunded order was paid once: a late replay of its notify is acknowledged and credits nothing again.
  if (order.status === 'paid' || order.status === 'refunded') return { outcome: 'duplicate', order };
  return { outcome: 'bad_amount', order };
}

/** Notify route body: verify, credit, log; answers what the gateway expects. */
export async function handleNotify(
  ctx: AppContext,
  providerName: string,
  raw: RawNotify,
  log?: FastifyBaseLogger,
): Promise<{ ok: boolean; outcome: string; order: OrderRow | null }> {
  const provider = ctx.pay.get(providerName);
  if (!provider) return { ok: false, outcome: 'unknown_provider', order: null };
  let verified: VerifiedNotify;
  try {
    verified = await provider.verifyNotify(raw);
  } catch (err) {
    if (!(err instanceof PayVerifyError)) throw err;
    log?.warn({ provider: providerName, reason: err.message }, 'payment notify refused');
    ctx.metrics.paymentNotified(providerName, 'bad_signature');
    await logNotification(ctx.database.db, {
      provider: providerName,
      orderNo: '',
      verified: false,
      outcome: 'bad_signature',
      body: raw.body,
    });
    return { ok: false, outcome: 'bad_signature', order: null };
  }
  const { outcome, order } = await creditPayment(ctx, providerName, verified);
  await logNotification(ctx.database.db, { provider: providerName, orderNo: verified.orderNo, verified: true, outcome, body: raw.body });
  ctx.metrics.paymentNotified(providerName, outcome);
  if (outcome === 'credited' && order) forgetUserSessions(ctx, order.userId);
  if (outcome === 'bad_amount')
    log?.error(
      { provider: providerName, orderNo: verified.orderNo, amountCents: verified.amountCents },
      'payment notify amount differs from the order',
    );
  // Unknown orders and wrong amounts are answered 'ok' too: retrying would not change them, and they are logged.
  return { ok: true, outcome, order };
}

async function reconcileOne(ctx: ShopContext, o: OrderRow, log?: FastifyBaseLogger): Promise<CreditOutcome | null> {
  const provider: PayProvider | undefined = ctx.pay.get(o.provider);
  if (!provider) return null;
  const s = await provider.query(o.orderNo);
  if (!s.paid) return null;
  const v: VerifiedNotify = { orderNo: o.orderNo, amountCents: s.amountCents ?? -1, tradeNo: s.tradeNo, paid: true };
  const { outcome } = await creditPayment(ctx, o.provider, v);
  await logNotification(ctx.database.db, {
    provider: o.provider,
    orderNo: o.orderNo,
    verified: true,
    outcome,
    body: `reconcile ${s.state} ${s.amountCents ?? ''}`,
  });
  if (outcome === 'credited') {
    // The session cache is keyed by the context object: any context of this process works.
    forgetUserSessions(ctx as AppContext, o.userId);
    log?.info({ orderNo: o.orderNo }, 'payment credited by reconcile');
  }
  return outcome;
}

/**
 * Ask the gateways about pending orders younger than 2 h and credit the paid ones; close older
 * pending orders (a late payment still credits a closed order through its notify).
 */
export async function reconcilePending(
  ctx: ShopContext,
  at: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<{ credited: number; closed: number }> {
  let credited = 0;
  for (const o of await pendingSince(ctx.database.db, new Date(at.getTime() - RECONCILE_WINDOW_MS))) {
    if (o.provider === 'mock') continue;
    try {
      if ((await reconcileOne(ctx, o, log)) === 'credited') credited++;
    } catch (err) {
      log?.warn({ err, orderNo: o.orderNo }, 'reconcile query failed');
    }
  }
  const closed = await closePendingBefore(ctx.database.db, new Date(at.getTime() - RECONCILE_WINDOW_MS));
  return { credited, closed };
}

/**
 * Reconcile every minute until the shutdown signal, in one process of the cluster at a time (a
 * lease: every process starts it, the holder runs it). Returns `stop`.
 */
export function startReconcile(ctx: AppContext, log: FastifyBaseLogger, everyMs = RECONCILE_EVERY_MS): () => Promise<void> {
  return startClusterJob(ctx.database, {
    name: 'shop-reconcile',
    everyMs,
    signal: ctx.shutdown.signal,
    run: async () => {
      await reconcilePending(ctx, new Date(), log);
    },
    onError: (err) => log.error({ err }, 'reconcile failed'),
  });
}
