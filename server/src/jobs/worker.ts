import { MSG, type TaskFile } from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import { newHolderId } from '../db/lease';
import { finishTask, type EngineContext } from './engine';
import { notifyChanged, taskChannel, WAKE_CHANNEL } from './events';
import { appendResultFile, claimTasks, releaseClaim, renewLease, selectTask, writeProgress, writeVendor } from './store';
import { TaskFailure, type TaskFileInput, type TaskHandler, type TaskRow } from './types';

/** Stores a handler's result file for the task's owner (the file store, given by the composition). */
export type SaveTaskFile = (task: TaskRow, file: TaskFileInput) => Promise<TaskFile>;
/** Deletes files a run of the task stored that the task does not keep: their bytes and their rows. */
export type DiscardTaskFiles = (task: TaskRow, fileIds: readonly string[]) => Promise<void>;

export interface WorkerOptions {
  handlers: readonly TaskHandler[];
  saveFile: SaveTaskFile;
  /**
   * Deletes what a run stored when its task does not end succeeded by that run (engine tests and
   * benchmarks, whose stand-in store keeps nothing, leave it out).
   */
  discardFiles?: DiscardTaskFiles;
  /** Tasks run at once (TASK_CONCURRENCY). */
  concurrency: number;
  leaseMs: number;
  /** Longest idle wait between looks for work (TASK_POLL_MAX_MS). */
  pollMaxMs: number;
  log?: FastifyBaseLogger;
  /** This worker's name in lease_owner (default host:pid:random). */
  id?: string;
}

/** First idle wait; it doubles while the queue stays empty, up to pollMaxMs. */
const POLL_MIN_MS = 25;
/** How long a stop waits for aborted handlers to return. */
const STOP_WAIT_MS = 5_000;

/**
 * One process's task workers: claims up to `concurrency` tasks with a lease, runs each through
 * its handler, renews the lease while it runs, and ends it through the one terminal transition
 * (conditional on still holding the lease). Idle, it polls with backoff; a submit in this process
 * (or, with Redis, in any process) wakes it at once.
 */
export class TaskWorker {
  readonly id: string;
  private readonly handlers: Map<string, TaskHandler>;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;
  private unsubscribeWake: (() => void) | null = null;
  /** Set on stop: running tasks aborted for this reason go back to the queue instead of failing. */
  private stopping = false;

  constructor(
    private readonly ctx: EngineContext,
    private readonly opts: WorkerOptions,
  ) {
    this.id = opts.id ?? newHolderId();
    this.handlers = new Map(opts.handlers.map((h) => [h.name, h]));
  }

  get activeCount(): number {
    return this.running.size;
  }

  async start(): Promise<void> {
    this.unsubscribeWake = await this.ctx.kv.subscribe(WAKE_CHANNEL, () => this.wake());
    this.loopDone = this.loop();
  }

  /** Look for work now. */
  wake(): void {
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  private async loop(): Promise<void> {
    let idleMs = POLL_MIN_MS;
    const kinds = [...this.handlers.keys()];
    while (!this.stopped) {
      const free = this.opts.concurrency - this.running.size;
      let claimed: TaskRow[] = [];
      if (free > 0) {
        try {
          claimed = await claimTasks(this.ctx.database.db, this.id, kinds, free, this.opts.leaseMs, MSG.taskStageRunning);
        } catch (err) {
          if (!this.stopped) this.opts.log?.error({ err }, 'task claim failed');
        }
      }
      for (const row of claimed) {
        this.countQueueWait(row);
        this.launch(row);
      }
      // A full batch means more may be waiting: look again at once; otherwise back off.
      if (claimed.length > 0 && claimed.length === free) {
        idleMs = POLL_MIN_MS;
        continue;
      }
      idleMs = claimed.length > 0 ? POLL_MIN_MS : Math.min(this.opts.pollMaxMs, idleMs * 2);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, free > 0 ? idleMs : this.opts.pollMaxMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** A first claim's wait in the queue, on the database's clock (created_at to started_at); a re-claim's is not a queue wait. */
  private countQueueWait(row: TaskRow): void {
    if (row.attempts !== 1 || !row.startedAt) return;
    this.ctx.metrics?.taskClaimed((row.startedAt.getTime() - row.createdAt.getTime()) / 1000);
  }

  private launch(row: TaskRow): void {
    const controller = new AbortController();
    const done = this.execute(row, controller).finally(() => {
      this.running.delete(row.id);
      // A place is free: take the next task without waiting out the backoff.
      this.wake();
    });
    this.running.set(row.id, { controller, done });
  }

  private async execute(row: TaskRow, controller: AbortController): Promise<void> {
    const db = this.ctx.database.db;
    const { leaseMs } = this.opts;
    const lost = () => controller.abort(new Error('lease lost'));
    // Cancel or timeout elsewhere: the task's channel says it ended; stop the handler now.
    const unsubscribe = await this.ctx.kv
      .subscribe(taskChannel(row.id), (state) => {
        if (state !== 'running' && state !== 'queued') lost();
      })
      .catch(() => () => undefined);
    // The lease is renewed a few times per period; losing it (ended or taken over) stops the handler.
    const renew = setInterval(() => {
      void renewLease(db, row.id, this.id, leaseMs).then(
        (held) => held || lost(),
        () => undefined,
      );
    }, Math.max(100, Math.floor(leaseMs / 3)));
    renew.unref();
    // Files this run stored, and whether the task ended succeeded by this run's transition (then its result keeps them).
    // An earlier claim's partial results count as this run's: kept if this run's outcome lists them, deleted otherwise.
    const stored: string[] = (row.result?.files ?? []).map((f) => f.id);
    let kept = false;
    try {
      await notifyChanged(this.ctx.kv, row.id, 'running');
      const handler = this.handlers.get(row.toolId)!;
      const outcome = await handler.run(row, {
        signal: controller.signal,
        progress: async (pct, stage) => {
          if (controller.signal.aborted) return;
          const p = Math.max(0, Math.min(99, Math.round(pct)));
          const updated = await writeProgress(db, row.id, this.id, p, stage ?? MSG.taskStageRunning, leaseMs);
          if (updated) await notifyChanged(this.ctx.kv, row.id, 'running');
          else lost();
        },
        saveFile: async (file) => {
          const saved = await this.opts.saveFile(row, file);
          stored.push(saved.id);
          // Partial results: listed on the row at once, so GET task and its events show the file while the task runs.
          if (handler.partialResults && !controller.signal.aborted) {
            if (await appendResultFile(db, row.id, this.id, saved)) await notifyChanged(this.ctx.kv, row.id, 'running');
            else lost();
          }
          return saved;
        },
        setVendor: (data) => writeVendor(db, row.id, this.id, data),
      });
      if (controller.signal.aborted) return this.afterAbort(row);
      const ended = await finishTask(this.ctx, row.id, { state: 'succeeded', stage: MSG.taskStageDone, result: { files: outcome.files, ...(outcome.text !== undefined ? { text: outcome.text } : {}) } }, { by: 'worker', owner: this.id });
      kept = ended !== null;
    } catch (err) {
      if (controller.signal.aborted) return this.afterAbort(row);
      const message = err instanceof TaskFailure ? err.message : MSG.taskFailedGeneric;
      if (!(err instanceof TaskFailure)) this.opts.log?.error({ err, task: row.id, tool: row.toolId }, 'task handler failed');
      await finishTask(this.ctx, row.id, { state: 'failed', stage: message, error: message }, { by: 'worker', owner: this.id }).catch((e: unknown) =>
        this.opts.log?.error({ err: e, task: row.id }, 'task failure not recorded'),
      );
    } finally {
      clearInterval(renew);
      unsubscribe();
      if (!kept && stored.length > 0) await this.discardUnkept(row, stored);
    }
  }

  /**
   * A run whose task did not end succeeded by it (the handler failed; the task was canceled or timed
   * out meanwhile and the terminal transition found it ended; the lease was lost; this worker stops)
   * leaves no file behind: nobody could ever reach it. The row is read again and only the files its
   * result does not list are deleted, so a success whose commit answered with an error keeps its files.
   */
  private async discardUnkept(row: TaskRow, stored: readonly string[]): Promise<void> {
    const discard = this.opts.discardFiles;
    if (!discard) return;
    try {
      const now = await selectTask(this.ctx.database.db, row.id);
      const listed = new Set((now?.result?.files ?? []).map((f) => f.id));
      const orphans = stored.filter((id) => !listed.has(id));
      if (orphans.length > 0) await discard(row, orphans);
    } catch (err) {
      this.opts.log?.error({ err, task: row.id }, 'result files of an ended task not deleted');
    }
  }

  /** The handler stopped because the task left us (nothing to do) or because this worker stops (hand it back). */
  private async afterAbort(row: TaskRow): Promise<void> {
    if (!this.stopping) return;
    const back = await releaseClaim(this.ctx.database.db, row.id, this.id, MSG.taskStageQueued).catch(() => null);
    if (back) await notifyChanged(this.ctx.kv, row.id, 'queued');
  }

  /**
   * Stop claiming; give running tasks up to `graceMs` to finish, then abort them and hand them
   * back to the queue (another worker takes them; a clean stop does not use up an attempt).
   */
  async stop(graceMs = 0): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribeWake?.();
    this.wake();
    await this.loopDone;
    const all = () => Promise.allSettled([...this.running.values()].map((r) => r.done));
    if (graceMs > 0 && this.running.size > 0) {
      await Promise.race([all(), new Promise((r) => setTimeout(r, graceMs).unref())]);
    }
    this.stopping = true;
    for (const r of this.running.values()) r.controller.abort(new Error('worker stopping'));
    // A handler deaf to its signal must not hold the shutdown: its lease lapses and the sweep requeues it.
    await Promise.race([all(), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
  }
}
