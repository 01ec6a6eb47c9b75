import { MSG } from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { startClusterJob } from '../db/lease';
import { finishTask, type EngineContext } from './engine';
import { notifyChanged, notifyQueued } from './events';
import { requeueExpired, selectExhausted, selectOverdue, selectTask } from './store';
import type { FinishGuard, Terminal } from './store';
import type { DiscardTaskFiles } from './worker';

/**
 * The task sweep, run by one process of the cluster at a time (lease 'task-sweep'):
 * - running tasks whose lease expired (their worker was killed or hangs) go back to the queue,
 *   or fail with a refund once they used up their attempts;
 * - live tasks past their deadline fail with a refund;
 * - the holds of live tasks get a sign of life from their payer (the quota reaper then leaves them alone).
 * A task it ends that listed partial results (files stored while it ran, by a worker that died or
 * still runs past the deadline) has them deleted: the ending leaves no result, so nobody could reach them.
 * Each ending goes through the one terminal transition: a worker finishing at the same moment
 * and the sweep cannot both win it.
 */
export interface SweepResult {
  requeued: number;
  exhausted: number;
  timedOut: number;
}

export async function sweepTasksOnce(ctx: EngineContext, discardFiles?: DiscardTaskFiles): Promise<SweepResult> {
  const db = ctx.database.db;
  /** End one task; when this call won, delete the partial results it listed. */
  const end = async (id: string, t: Terminal, guard: FinishGuard): Promise<boolean> => {
    const before = discardFiles ? await selectTask(db, id) : null;
    const ended = await finishTask(ctx, id, t, guard);
    const listed = (before?.result?.files ?? []).map((f) => f.id);
    if (ended && discardFiles && listed.length > 0) await discardFiles(ended, listed);
    return ended !== null;
  };
  const requeued = await requeueExpired(db, MSG.taskStageQueued);
  for (const r of requeued) await notifyChanged(ctx.kv, r.id, r.state);
  if (requeued.length > 0) await notifyQueued(ctx.kv);

  let exhausted = 0;
  for (const id of await selectExhausted(db)) {
    if (await end(id, { state: 'failed', stage: MSG.taskInterrupted, error: MSG.taskInterrupted }, { by: 'lease-expired' })) exhausted++;
  }
  let timedOut = 0;
  for (const id of await selectOverdue(db)) {
    if (await end(id, { state: 'failed', stage: MSG.taskTimedOut, error: MSG.taskTimedOut }, { by: 'deadline' })) timedOut++;
  }
  // Live tasks may wait longer than a hold would live unattended: their payer keeps them alive.
  await ctx.payer.keepAlive?.(db);
  return { requeued: requeued.length, exhausted, timedOut };
}

/** Run the sweep every TASK_SWEEP_MS in whichever process holds its lease, until the returned stop or shutdown. */
export function startTaskSweep(ctx: EngineContext & Pick<AppContext, 'shutdown'>, log?: FastifyBaseLogger, discardFiles?: DiscardTaskFiles): () => Promise<void> {
  return startClusterJob(ctx.database, {
    name: 'task-sweep',
    everyMs: ctx.config.tasks.sweepMs,
    runAtStart: true,
    signal: ctx.shutdown.signal,
    run: async () => {
      const r = await sweepTasksOnce(ctx, discardFiles);
      if (r.requeued + r.exhausted + r.timedOut > 0) log?.warn(r, 'task sweep: leases expired or deadlines passed');
    },
    onError: (err) => log?.error({ err }, 'task sweep failed'),
  });
}
