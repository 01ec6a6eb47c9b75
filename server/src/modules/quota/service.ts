import { randomUUID } from 'node:crypto';
import { Code, MSG } from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Catalog, CatalogModel } from '../../catalog';
import { startClusterJob } from '../../db/lease';
import type { AuthUser } from '../../http/auth-user';
import type { AppMetrics, QuotaRefusalReason } from '../../infra/metrics';
import { AppError } from '../../http/errors';
import type { StreamHold } from '../../streaming/engine';
import { businessDay } from './period';
import {
  BONUS_PERIOD,
  closeHold,
  insertHoldOrBonus,
  insertPointsHold,
  keepHold,
  releaseStaleHolds,
  selectStalePointsHolds,
  selectUsage,
  type Executor,
  type UsageRow,
} from './store';

/**
 * Per-model daily counts: reserve one before the upstream call, settle it when the reply is
 * delivered, release it on failure or abort. Each close takes effect at most once.
 */

/** What quota rules need from the app: tests pass a context with just these (metrics absent: refusals not counted). */
export type QuotaContext = Pick<AppContext, 'config' | 'database'> & { catalog: Pick<Catalog, 'dailyLimit'>; metrics?: RefusalMetrics };
export type RefusalMetrics = Pick<AppMetrics, 'quotaRefused'>;
export type QuotaUser = Pick<AuthUser, 'id' | 'vip'>;
export type QuotaModel = Pick<CatalogModel, 'quotaKey' | 'blockedVips'> &
  Partial<Pick<CatalogModel, 'only_points' | 'allow_points' | 'consume_points'>>;

export interface Reservation {
  id: string;
  userId: number;
  quotaKey: string;
  /** Business day of the daily count held, or 'bonus' when the hold fell back to bonus counts. */
  period: string;
  amount: number;
  /** Points debited at hold time (points-priced turns); refunded on release. */
  points: number;
  /** False for unmetered models and unlimited tiers: nothing was written, settle and release do nothing. */
  metered: boolean;
}

/** Counts one reply costs. */
const REPLY_COST = 1;

/**
 * A refusal of the quota rules, counted (wanxiang_quota_refusals_total{key, reason}) as it is made: every refusal of a
 * count, of points or of a tier passes here. A key-less price (points only) counts under `none`.
 */
export function quotaRefusal(ctx: { metrics?: RefusalMetrics }, key: string, reason: QuotaRefusalReason, err: AppError): AppError {
  ctx.metrics?.quotaRefused(key || 'none', reason);
  return err;
}

/** Refuse a model the user's membership tier may not use (docs/product/quota-and-points.md §6). */
export function assertTierAllowed(ctx: { metrics?: RefusalMetrics }, user: QuotaUser, model: QuotaModel): void {
  if (!model.blockedVips.includes(user.vip)) return;
  throw quotaRefusal(ctx, model.quotaKey, 'tier_denied', new AppError(Code.TIER_DENIED, user.vip === 0 ? MSG.tierDeniedFree : MSG.tierDeniedVip52));
}

/**
 * Check the tier, then hold one count of the model's quota for today in one atomic statement.
 * Throws NO_COUNT (次数已用尽) when the limit is reached. Unmetered models ('' quota key) and
 * unlimited tiers (-1) touch no database at all: they sit on the chat hot path.
 */
export async function reserveQuota(
  ctx: QuotaContext,
  user: QuotaUser,
  model: QuotaModel,
  ref: string,
  now: Date = new Date(),
): Promise<Reservation> {
  assertTierAllowed(ctx, user, model);
  const period = businessDay(now, ctx.config.tzBusiness);
  const base = { id: randomUUID(), userId: user.id, quotaKey: model.quotaKey, period, amount: REPLY_COST, points: 0 };
  if (model.quotaKey === '') return { ...base, metered: false };
  const limit = ctx.catalog.dailyLimit(model.quotaKey, user.vip);
  if (limit < 0) return { ...base, metered: false };
  // Today's counts first; when they are exhausted (or the tier has none) the same statement
  // falls back to the user's bonus counts (sign-in gifts, packs): still one round trip.
  const held = await insertHoldOrBonus(ctx.database.db, { ...base, limit, ref: ref.slice(0, 64) });
  if (held === 'daily') return { ...base, metered: true };
  if (held === 'bonus') return { ...base, period: BONUS_PERIOD, metered: true };
  throw quotaRefusal(ctx, model.quotaKey, 'no_count', new AppError(Code.NO_COUNT, MSG.countExhausted));
}

/**
 * The gate of one chat turn (docs/product/quota-and-points.md §6): tier first, then how it is paid. only_points models,
 * and allow_points models when the user switched on 开启积分抵扣 (`usePoints`), debit
 * consume_points points at hold time (NO_POINTS when short); every other model holds a count.
 */
export async function reserveChat(
  ctx: QuotaContext,
  user: QuotaUser,
  model: QuotaModel,
  opts: { usePoints?: boolean },
  ref: string,
  now: Date = new Date(),
): Promise<Reservation> {
  const cost = model.consume_points ?? 0;
  const payWithPoints = cost > 0 && (model.only_points === true || (model.allow_points === true && opts.usePoints === true));
  if (!payWithPoints) return reserveQuota(ctx, user, model, ref, now);
  assertTierAllowed(ctx, user, model);
  const period = businessDay(now, ctx.config.tzBusiness);
  const r: Reservation = { id: randomUUID(), userId: user.id, quotaKey: model.quotaKey, period, amount: 0, points: cost, metered: true };
  const held = await insertPointsHold(ctx.database.db, { ...r, ref: ref.slice(0, 64) });
  if (!held) throw quotaRefusal(ctx, model.quotaKey, 'no_points', new AppError(Code.NO_POINTS, MSG.pointsNotEnough(cost), { need: cost }));
  return r;
}

/**
 * Charge a held reservation. Pass `tx` to settle inside the transaction that persists the reply.
 * Answers whether this call charged (false when already settled, released or unmetered).
 */
export async function settleReservation(ctx: QuotaContext, r: Reservation, tx?: Executor): Promise<boolean> {
  if (!r.metered) return false;
  return closeHold(tx ?? ctx.database.db, r.userId, r.id, 'settled');
}

/** Give a held reservation back; at most once, and never after a settle. */
export async function releaseReservation(ctx: QuotaContext, r: Reservation, tx?: Executor): Promise<boolean> {
  if (!r.metered) return false;
  return closeHold(tx ?? ctx.database.db, r.userId, r.id, 'released');
}

/**
 * A reservation as the streaming engine's hold: settled when the answer delivered text, else
 * released; kept alive while the answer streams, so the reaper never gives back the hold of an
 * answer that outlives QUOTA_RESERVATION_TTL_MS (which would make a long answer free).
 */
export function streamHold(ctx: QuotaContext, r: Reservation): StreamHold {
  return {
    settle: () => settleReservation(ctx, r),
    release: () => releaseReservation(ctx, r),
    ...(r.metered ? { keepEveryMs: Math.max(1_000, Math.floor(ctx.config.quotaReservationTtlMs / 3)), keep: () => keepHold(ctx.database.db, r.userId, r.id) } : {}),
  };
}

/** Today's counters of one quota key for a user. */
export async function quotaUsage(ctx: QuotaContext, userId: number, quotaKey: string, now: Date = new Date()): Promise<UsageRow> {
  return selectUsage(ctx.database.db, userId, quotaKey, businessDay(now, ctx.config.tzBusiness));
}

/** Release reservations held longer than QUOTA_RESERVATION_TTL_MS (a crashed worker's). */
export async function reapStaleReservations(ctx: QuotaContext): Promise<number> {
  const ttl = ctx.config.quotaReservationTtlMs;
  let n = await releaseStaleHolds(ctx.database.db, ttl);
  // Points holds one by one: each refund is its own ledger row with the right balance_after.
  for (const h of await selectStalePointsHolds(ctx.database.db, ttl)) {
    if (await closeHold(ctx.database.db, h.userId, h.id, 'released')) n++;
  }
  return n;
}

/**
 * Run the reaper now and then every TTL/2, until `stop` (or the context's shutdown signal). Every
 * server instance starts one; the 'quota-reaper' lease lets one of them at a time do the work
 * (closes are idempotent anyway, the lease spares N instances the same scans).
 */
export function startReservationReaper(ctx: QuotaContext & Pick<AppContext, 'shutdown'>, log?: FastifyBaseLogger): () => void {
  const stop = startClusterJob(ctx.database, {
    name: 'quota-reaper',
    everyMs: Math.max(1_000, Math.floor(ctx.config.quotaReservationTtlMs / 2)),
    runAtStart: true,
    signal: ctx.shutdown.signal,
    run: async () => {
      const n = await reapStaleReservations(ctx);
      if (n > 0) log?.warn({ released: n }, 'released stale quota reservations');
    },
    onError: (err) => log?.error({ err }, 'quota reaper failed'),
  });
  return () => void stop();
}
