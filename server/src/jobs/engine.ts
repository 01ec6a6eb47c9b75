import { randomBytes } from 'node:crypto';
import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../context';
import type { AppMetrics } from '../infra/metrics';
import type { Executor } from '../db/sql';
import { rateLimited } from '../errors';
import { notifyChanged, notifyQueued } from './events';
import { countLiveTasks, insertTask, lockUser, markTerminal, type FinishGuard, type Terminal } from './store';
import type { TaskPayer, TaskPrice, TaskRow } from './types';

/**
 * The task engine's money rules (docs/api.md "Tasks"): the hold is taken when the task is
 * accepted, in the same transaction that inserts it; the ONE terminal transition (markTerminal)
 * and the settle or refund of that hold commit together, and only the caller that won the
 * transition touches the hold. Overlapping pollers, the sweep and several processes therefore
 * never charge twice, never refund twice and never charge for a failure.
 */

/** The engine's numbers: queue wait at claim, terminal transitions (absent: not counted). */
export type TaskMetrics = Pick<AppMetrics, 'taskClaimed' | 'taskFinished'>;

/** What the engine needs: settings, the database, the notices, and the payer the feature layer hands down. */
export type EngineContext = Pick<AppContext, 'config' | 'database' | 'kv'> & { payer: TaskPayer; metrics?: TaskMetrics };
export type { TaskPrice };

export interface SubmitInput {
  user: { id: number; vip: number };
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
    const hold = await ctx.payer.hold(tx, input.user, input.price, `task:${id}`);
    return insertTask(tx, {
      id,
      userId: input.user.id,
      toolId: input.kind,
      inputs: input.inputs,
      hold,
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
async function closeTaskHold(payer: TaskPayer, tx: Executor, row: TaskRow): Promise<void> {
  if (!row.hold) return;
  await payer.close(tx, row.hold, row.state === 'succeeded' ? 'settle' : 'release');
}

/**
 * End a task: the conditional terminal transition and its settle or refund in one transaction.
 * Answers the ended row when this call won, null when the task had already ended (or the guard —
 * lease owner, user, expired lease, deadline — did not hold): then nothing was charged or refunded.
 */
export async function finishTask(ctx: Pick<EngineContext, 'database' | 'kv' | 'payer' | 'metrics'>, id: string, t: Terminal, guard: FinishGuard): Promise<TaskRow | null> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const ended = await markTerminal(tx, id, t, guard);
    if (ended) await closeTaskHold(ctx.payer, tx, ended);
    return ended;
  });
  if (row) {
    ctx.metrics?.taskFinished(row.state, taskRun(row));
    await notifyChanged(ctx.kv, row.id, row.state);
  }
  return row;
}

/** An ended task's run for the duration histogram: first claim to end on the database's clock; none if never claimed. */
function taskRun(row: TaskRow): { kind: string; seconds: number } | undefined {
  if (!row.startedAt || !row.finishedAt) return undefined;
  return { kind: row.toolId, seconds: (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000 };
}

/** The owner cancels a queued or running task: refunded; a running worker notices and stops. */
export async function cancelTask(ctx: Pick<EngineContext, 'database' | 'kv' | 'payer' | 'metrics'>, userId: number, id: string): Promise<TaskRow | null> {
  return finishTask(ctx, id, { state: 'canceled', stage: MSG.taskCanceledByUser, error: MSG.taskCanceledByUser }, { by: 'user', userId });
}
