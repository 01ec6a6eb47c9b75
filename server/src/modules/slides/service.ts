import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Code,
  MSG,
  PPT_STATUS,
  type PptCreated,
  type PptCreateReq,
  type PptPreview,
  type PptStatus,
  type PptTaskInfo,
  type TaskState,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, refused } from '../../http/errors';
import { selectUserTask } from '../../jobs';
import { submitTask } from '../tasks/service';
import { readFileBytes } from '../files/service';
import { SLIDES_PRICE, SLIDES_TASK_KIND, SLIDES_TASK_TIMEOUT_MS, slidesInputsRefusal } from './build-task';
import { deckFromOutline } from './deck';
import { failStaleTask, selectOwnTask, type PptTaskRow } from './store';
import { templateRegistry } from './templates';

/**
 * Presentation tasks (docs/product/mindmap-and-slides.md §4, §7): create checks the outline and the template, then submits a
 * `slides:file` task to the task engine, which holds one doc_ppt count, builds the deck with real progress
 * (build-task.ts: outline parsed, each slide drawn, file written; GET /api/v1/tasks/{task_id} and its events
 * show it) and keeps the .pptx in the file store. status, preview and download read that task. Tasks made
 * before the engine (ppt_tasks rows with a file under DATA_DIR/ppt) still answer the same calls.
 */

/** Rows from before the engine: one still queued or building this long lost its process. */
export const BUILD_STALE_MS = 2 * 60_000;

export type SlidesContext = Pick<AppContext, 'config' | 'database' | 'catalog' | 'kv' | 'storage'>;

export function templates(ctx: Pick<AppContext, 'config'>) {
  return templateRegistry(ctx.config.catalogDir);
}

export async function createPresentation(ctx: SlidesContext, user: AuthUser, req: PptCreateReq): Promise<PptCreated> {
  const inputs = { template: req.id, content: req.content ?? '' };
  // The same check a retry of the build makes (build-task.ts).
  const refusal = slidesInputsRefusal(ctx, inputs);
  if (refusal) throw badRequest(refusal);
  // The engine refuses beyond TASKS_PER_USER live tasks (429) and holds the count (4201 when used up).
  const task = await submitTask(ctx, { user, kind: SLIDES_TASK_KIND, inputs, price: SLIDES_PRICE, timeoutMs: SLIDES_TASK_TIMEOUT_MS });
  return { task_id: task.id, url: `/api/v1/ppt/preview?id=${task.id}` };
}

/** What the slide calls need of a task, whether it runs on the engine or is an older ppt_tasks row. */
interface SlideTask {
  taskId: string;
  status: PptStatus;
  title: string;
  templateId: string;
  content: string;
  error: string | null;
  /** The stored .pptx (engine tasks), or null. */
  fileId: string | null;
}

const STATUS_OF: Record<TaskState, PptStatus> = {
  queued: PPT_STATUS.queued,
  running: PPT_STATUS.building,
  succeeded: PPT_STATUS.done,
  failed: PPT_STATUS.failed,
  canceled: PPT_STATUS.failed,
};

/** The caller's slide task, or null (another user's task reads exactly like a missing one). */
async function findSlideTask(ctx: SlidesContext, user: AuthUser, taskId: string, now = Date.now()): Promise<SlideTask | null> {
  const task = await selectUserTask(ctx.database.db, user.id, taskId);
  if (task && task.toolId === SLIDES_TASK_KIND) {
    const content = String(task.inputs.content ?? '');
    return {
      taskId: task.id,
      status: STATUS_OF[task.state],
      title: deckFromOutline(content).title.slice(0, 200),
      templateId: String(task.inputs.template ?? ''),
      content,
      error: task.error,
      fileId: task.result?.files[0]?.id ?? null,
    };
  }
  const row = await legacyTask(ctx, user, taskId, now);
  return row ? { ...row, status: row.status as PptStatus, fileId: null } : null;
}

/** A ppt_tasks row from before the engine; one whose build died with its process reads as failed. */
async function legacyTask(ctx: SlidesContext, user: AuthUser, taskId: string, now: number): Promise<PptTaskRow | undefined> {
  const row = await selectOwnTask(ctx.database.db, user.id, taskId);
  if (!row) return undefined;
  const unfinished = row.status === PPT_STATUS.queued || row.status === PPT_STATUS.building;
  if (unfinished && row.updatedAt.getTime() < now - BUILD_STALE_MS) {
    const failed = await failStaleTask(ctx.database.db, user.id, taskId, new Date(now - BUILD_STALE_MS), MSG.slidesFailed);
    return failed ?? (await selectOwnTask(ctx.database.db, user.id, taskId)) ?? row;
  }
  return row;
}

async function ownSlideTask(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<SlideTask> {
  const task = await findSlideTask(ctx, user, taskId);
  if (!task) throw new AppError(Code.NOT_FOUND, MSG.slidesTaskNotFound);
  return task;
}

function info(t: SlideTask): PptTaskInfo {
  return { task_id: t.taskId, status: t.status, title: t.title, ...(t.status === PPT_STATUS.failed ? { msg: t.error ?? MSG.slidesFailed } : {}) };
}

export async function taskStatus(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<PptTaskInfo> {
  return info(await ownSlideTask(ctx, user, taskId));
}

export async function previewTask(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<PptPreview> {
  const t = await ownSlideTask(ctx, user, taskId);
  const template = templates(ctx).get(t.templateId);
  if (!template) throw refused(MSG.slidesTemplateUnknown);
  return { ...info(t), template, slides: deckFromOutline(t.content).slides };
}

/** The finished file (downPPT) from the file store (or, for older tasks, DATA_DIR/ppt); '暂未生成可下载的PPT' until there is one. */
export async function downloadTask(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<{ name: string; bytes: Buffer }> {
  const t = await findSlideTask(ctx, user, taskId);
  if (!t || t.status !== PPT_STATUS.done) throw refused(MSG.slidesNoDownload);
  const name = `${t.title || 'AI PPT'}.pptx`;
  try {
    if (t.fileId) return { name, bytes: (await readFileBytes(ctx, user.id, t.fileId)).data };
    return { name, bytes: await readFile(join(ctx.config.dataDir, 'ppt', `${t.taskId}.pptx`)) };
  } catch {
    throw refused(MSG.slidesNoDownload);
  }
}
