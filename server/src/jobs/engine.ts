import { randomBytes } from 'node:crypto';
import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../context';
import type { Catalog } from '../catalog';
import type { Db } from '../db/client';
import { rateLimited } from '../http/errors';
import { reserveChat, type QuotaContext, type QuotaUser, type Reservation } from '../modules/quota/service';
import { closeHold, type Executor } from '../modules/quota/store';
import { notifyChanged, notifyQueued } from './events';
import { countLiveTasks, insertTask, lockUser, markTerminal, type FinishGuard, type Terminal } from './store';
import type { TaskRow } from './types';

/**
 * The task engine's money rules (docs/api.md "Tasks"): the hold is taken when the task is
 * accepted, in the same transaction that inserts it; the ONE terminal transition (markTerminal)
 * and the settle or refund of that hold commit together, and only the caller that won the
 * transition touches the hold. Overlapping pollers, the sweep and several processes therefore
 * never charge twice, never refund twice and never charge for a failure.
 */

export type EngineContext = Pick<AppContext, 'config' | 'database' | 'kv'> & { catalog: Pick<Catalog, 'dailyLimit'> };

/** How a task is paid: a daily count of `quotaKey` ('' = free), or `points` points when above 0. */
export interface TaskPrice {
  quotaKey: string;
  points?: number;
}

export interface SubmitInput {
  user: QuotaUser;
  /** The handler's name: a task tool's id or an internal kind ('slides:file'). */
  kind: string;
  inputs: Record<string, string | number | boolean>;
  price: TaskPrice;
  /** Default: TASK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default: TASK_MAX_ATTEMPTS. */
  maxAttempts?: number;
}

/** A public task id: random, 20 URL-safe characters, never the vendor's id. */
export function newTaskId(): string {
  return `t${randomBytes(15).toString('base64url').slice(0, 19)}`;
}

const asDb = (tx: Executor) => tx as unknown as Db;

/**
 * Accept a task: refuse beyond TASKS_PER_USER live tasks of the user (429 in Chinese), hold its
 * price (NO_COUNT / NO_POINTS / TIER_DENIED as usual) and insert it queued, all in one
 * transaction; then wake the workers. Answers the new row.
 */
export async function submitTask(ctx: EngineContext, input: SubmitInput): Promise<TaskRow> {
  const id = newTaskId();
  const cap = ctx.config.fairUse.tasksPerUser;
  const row = await ctx.database.db.transaction(async (tx) => {
    await lockUser(tx, input.user.id);
    if ((await countLiveTasks(tx, input.user.id)) >= cap) throw rateLimited(MSG.tasksTooMany(cap));
    const quotaCtx: QuotaContext = { config: ctx.config, catalog: ctx.catalog, database: { ...ctx.database, db: asDb(tx) } };
    const points = input.price.points ?? 0;
    const model = { quotaKey: input.price.quotaKey, blockedVips: [] as number[], ...(points > 0 ? { only_points: true, consume_points: points } : {}) };
    const hold = await reserveChat(quotaCtx, input.user, model, {}, `task:${id}`);
    return insertTask(tx, {
      id,
      userId: input.user.id,
      toolId: input.kind,
      inputs: input.inputs,
      hold: hold.metered ? hold : null,
      stage: MSG.taskStageQueued,
      timeoutMs: input.timeoutMs ?? ctx.config.tasks.timeoutMs,
      maxAttempts: input.maxAttempts ?? ctx.config.tasks.maxAttempts,
    });
  });
  await notifyQueued(ctx.kv);
  await notifyChanged(ctx.kv, row.id, row.state);
  return row;
}

/** Settle (succeeded) or refund (anything else) the hold of a task whose terminal transition we just won. */
async function closeTaskHold(tx: Executor, row: TaskRow): Promise<void> {
  const hold: Reservation | null = row.hold;
  if (!hold || !hold.metered) return;
  await closeHold(tx, hold.userId, hold.id, row.state === 'succeeded' ? 'settled' : 'released');
}

/**
 * End a task: the conditional terminal transition and its settle or refund in one transaction.
 * Answers the ended row when this call won, null when the task had already ended (or the guard —
 * lease owner, user, expired lease, deadline — did not hold): then nothing was charged or refunded.
 */
export async function finishTask(ctx: Pick<EngineContext, 'database' | 'kv'>, id: string, t: Terminal, guard: FinishGuard): Promise<TaskRow | null> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const ended = await markTerminal(tx, id, t, guard);
    if (ended) await closeTaskHold(tx, ended);
    return ended;
  });
  if (row) await notifyChanged(ctx.kv, row.id, row.state);
  return row;
}

/** The owner cancels a queued or running task: refunded; a running worker notices and stops. */
export async function cancelTask(ctx: Pick<EngineContext, 'database' | 'kv'>, userId: number, id: string): Promise<TaskRow | null> {
  return finishTask(ctx, id, { state: 'canceled', stage: MSG.taskCanceledByUser, error: MSG.taskCanceledByUser }, { by: 'user', userId });
}
