import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { startTaskSweep } from './sweep';
import type { TaskHandler, TaskPayer } from './types';
import { TaskWorker, type DiscardTaskFiles, type SaveTaskFile } from './worker';

export { submitTask, finishTask, cancelTask, newTaskId, type EngineContext, type SubmitInput } from './engine';
export { sweepTasksOnce } from './sweep';
export { TaskWorker, type DiscardTaskFiles, type SaveTaskFile } from './worker';
export { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools, type TaskFileInput, type TaskOutcome, type TaskResult, type TaskPayer, type TaskPrice, type TaskHold } from './types';
export { selectTask, selectUserTask, listUserTasks, deleteUserEndedTask, countLiveTasksByState } from './store';
export { taskChannel } from './events';

export interface TaskEngineOptions {
  handlers: readonly TaskHandler[];
  saveFile: SaveTaskFile;
  /** Deletes the files a run stored when its task did not end succeeded by that run (a lost terminal race, a failure). */
  discardFiles: DiscardTaskFiles;
  /** Takes and closes the tasks' holds (the quota rules of the feature layer). */
  payer: TaskPayer;
  log?: FastifyBaseLogger;
  /** Run workers in this process: the server follows TASK_WORKERS; the worker role always does. */
  workers: boolean;
}

export interface RunningTaskEngine {
  worker: TaskWorker | null;
  /** Stop claiming, give running tasks `graceMs`, hand the rest back to the queue, stop the sweep. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Start the task engine of one process: its workers (when `workers`) and its share of the
 * cluster-wide sweep (every process tries; one at a time holds the lease). The one place that
 * starts and stops background task work (main.ts for the server, worker.ts for the worker role).
 */
export async function startTaskEngine(app: AppContext, opts: TaskEngineOptions): Promise<RunningTaskEngine> {
  const ctx = { ...app, payer: opts.payer };
  const stopSweep = startTaskSweep(ctx, opts.log, opts.discardFiles);
  let worker: TaskWorker | null = null;
  if (opts.workers) {
    const { concurrency, leaseMs, pollMaxMs } = ctx.config.tasks;
    worker = new TaskWorker(ctx, { handlers: opts.handlers, saveFile: opts.saveFile, discardFiles: opts.discardFiles, concurrency, leaseMs, pollMaxMs, log: opts.log });
    await worker.start();
  }
  let stopped: Promise<void> | null = null;
  return {
    worker,
    stop(graceMs = 0) {
      stopped ??= (async () => {
        await worker?.stop(graceMs);
        await stopSweep();
      })();
      return stopped;
    },
  };
}
