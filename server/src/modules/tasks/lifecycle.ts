import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { startTaskEngine, type DiscardTaskFiles, type RunningTaskEngine, type SaveTaskFile } from '../../jobs';
import { taskHandlers } from '../../tools/tasks';
import { deleteFile, saveFile, thumbUrl } from '../files/service';
import { quotaTaskPayer } from './payer';

/**
 * The task engine of this process with the product's handlers and the file store: started by
 * main.ts (workers when TASK_WORKERS=inline) and by worker.ts (the worker role, always workers),
 * stopped by them at shutdown. Never started from route registration.
 */
export function storeTaskFile(ctx: Pick<AppContext, 'database' | 'storage'>): SaveTaskFile {
  return async (task, file) => {
    const saved = await saveFile(ctx, { userId: task.userId, name: file.name, contentType: file.contentType, body: file.body, purpose: 'result' });
    return { ...saved, ...(saved.contentType.startsWith('image/') ? { thumbUrl: thumbUrl(saved.id) } : {}) };
  };
}

/** Deletes result files a run stored for a task that does not keep them: the stored bytes (and thumbnail) and the row. */
export function discardTaskFiles(ctx: Pick<AppContext, 'database' | 'storage'>): DiscardTaskFiles {
  return async (task, fileIds) => {
    for (const id of fileIds) await deleteFile(ctx, task.userId, id);
  };
}

export async function startTasks(ctx: AppContext, log: FastifyBaseLogger, opts: { workers: boolean }): Promise<RunningTaskEngine> {
  return startTaskEngine(ctx, { handlers: taskHandlers(ctx), saveFile: storeTaskFile(ctx), discardFiles: discardTaskFiles(ctx), payer: quotaTaskPayer(ctx), log, workers: opts.workers });
}
