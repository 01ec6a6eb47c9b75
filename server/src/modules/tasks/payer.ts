import { sql } from 'drizzle-orm';
import { Code, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import type { Catalog } from '../../catalog';
import { AppError } from '../../http/errors';
import type { TaskHold, TaskPayer } from '../../jobs';
import { reserveChat, type QuotaContext, type Reservation } from '../quota/service';
import { closeHold } from '../quota/store';

/**
 * The quota rules as the task engine's payer: a task holds one count of its price's quota key
 * (bonus counts when the day's are spent), or `points` points when the price has no quota key or
 * the user chose to pay with points (an allow_points model's rule), with the tier check and
 * refusals of a chat turn; the engine's winning terminal transition settles or gives it back in
 * its own transaction (closeHold: each hold closes once).
 */
export type PayerContext = Pick<AppContext, 'config' | 'database'> & { catalog: Pick<Catalog, 'dailyLimit'>; metrics?: QuotaContext['metrics'] };

export function quotaTaskPayer(ctx: PayerContext): TaskPayer {
  return {
    async hold(tx, user, price, ref) {
      // The reservation's statements run on the engine's transaction, so the hold commits with the task.
      const onTx: QuotaContext = { config: ctx.config, catalog: ctx.catalog, database: { ...ctx.database, db: tx as unknown as Db }, metrics: ctx.metrics };
      const points = price.points ?? 0;
      const model = { quotaKey: price.quotaKey, blockedVips: [] as number[], ...(points > 0 ? { only_points: price.quotaKey === '', allow_points: true, consume_points: points } : {}) };
      const r = await reserveChat(onTx, user, model, { usePoints: price.usePoints === true }, ref).catch((err: unknown) => {
        // A run is not a 对话: the points refusal names what it is short for.
        if (err instanceof AppError && err.code === Code.NO_POINTS) throw new AppError(Code.NO_POINTS, MSG.pointsNotEnoughRun(points), { need: points });
        throw err;
      });
      return r.metered ? (r as unknown as TaskHold) : null;
    },
    async close(tx, hold, outcome) {
      const r = hold as unknown as Reservation;
      return closeHold(tx, r.userId, r.id, outcome === 'settle' ? 'settled' : 'released');
    },
    keepAlive: (db) => keepLiveTaskHolds(db, Math.floor(ctx.config.quotaReservationTtlMs / 3)),
  };
}

/**
 * A sign of life for the holds of live tasks: the quota reaper gives back only holds with none
 * for QUOTA_RESERVATION_TTL_MS, and a queued task may wait longer than that.
 */
export async function keepLiveTaskHolds(db: Executor, olderThanMs: number): Promise<void> {
  await db.execute(sql`UPDATE quota_reservations r SET kept_at = now()
    FROM tasks t
    WHERE t.state IN ('queued', 'running') AND t.hold IS NOT NULL AND r.id = t.hold->>'id' AND r.status = 'held'
      AND coalesce(r.kept_at, r.created_at) < now() - ${Math.round(olderThanMs)}::int * interval '1 millisecond'`);
}

/** The engine's context with the quota payer: what the tasks, tools and slides services pass to the engine. */
export function paidEngine<C extends PayerContext & Pick<AppContext, 'kv'>>(ctx: C): C & { payer: TaskPayer } {
  return { ...ctx, payer: quotaTaskPayer(ctx) };
}
