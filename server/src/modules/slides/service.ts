import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  Code,
  MSG,
  PPT_STATUS,
  type PptCreated,
  type PptCreateReq,
  type PptPreview,
  type PptStatus,
  type PptTaskInfo,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, rateLimited, refused } from '../../http/errors';
import { takeSlot, type Slot } from '../../streaming/slots';
import { releaseReservation, reserveQuota, settleReservation, type Reservation } from '../quota/service';
import { buildPptx } from './builder/build';
import { deckFromOutline, outlineHasContent } from './deck';
import { failStaleTask, selectOwnTask, insertTask, updateTask, type PptTaskRow } from './store';
import { templateRegistry } from './templates';

/**
 * Presentation tasks (docs/product/mindmap-and-slides.md §4, §7): create holds one doc_ppt count and queues
 * the build; the build writes DATA_DIR/ppt/<task_id>.pptx and settles the count, or marks the
 * task failed and gives the count back. Builds run in this process (a deck takes well under a
 * second); a crashed build's count is released by the quota reaper, and its task reads as failed
 * once it has been building for BUILD_STALE_MS.
 */

/** A deck builds in well under a second: a task queued or building this long lost its process. */
export const BUILD_STALE_MS = 2 * 60_000;

export const PPT_QUOTA = { quotaKey: 'doc_ppt', blockedVips: [] as number[] };

export type SlidesContext = Pick<AppContext, 'config' | 'database' | 'catalog' | 'kv'>;

const taskFile = (ctx: SlidesContext, taskId: string) => join(ctx.config.dataDir, 'ppt', `${taskId}.pptx`);

/** Builds still running, so tests and shutdown can wait for them. */
const running = new Set<Promise<void>>();

export async function settleBuilds(): Promise<void> {
  await Promise.all([...running]);
}

export function templates(ctx: SlidesContext) {
  return templateRegistry(ctx.config.catalogDir);
}

export async function createPresentation(
  ctx: SlidesContext,
  user: AuthUser,
  req: PptCreateReq,
  log: FastifyBaseLogger,
): Promise<PptCreated> {
  const template = templates(ctx).get(req.id);
  if (!template) throw badRequest(MSG.slidesTemplateUnknown);
  if (!req.content || !outlineHasContent(req.content)) throw badRequest(MSG.slidesContentRequired);
  const taskId = randomUUID();
  const content = req.content;
  const deck = deckFromOutline(content);
  // Fair use (G19): a few builds per user at once, counted across processes.
  const { tasksPerUser } = ctx.config.fairUse;
  const slot = await takeSlot(ctx.kv, { pool: 'tasks', userId: user.id, cap: tasksPerUser });
  if (!slot) throw rateLimited(MSG.tasksTooMany(tasksPerUser));
  let hold: Reservation;
  try {
    hold = await reserveQuota(ctx, user, PPT_QUOTA, `ppt:${taskId}`);
  } catch (err) {
    await slot.free();
    throw err;
  }
  try {
    await insertTask(ctx.database.db, { taskId, userId: user.id, templateId: template.id, title: deck.title.slice(0, 200), content });
  } catch (err) {
    await releaseReservation(ctx, hold);
    await slot.free();
    throw err;
  }
  const job = buildTask(ctx, user.id, taskId, content, template.id, hold, log, slot).finally(() => running.delete(job));
  running.add(job);
  return { task_id: taskId, url: `/api/v1/ppt/preview?id=${taskId}` };
}

async function buildTask(
  ctx: SlidesContext,
  userId: number,
  taskId: string,
  content: string,
  templateId: string,
  hold: Reservation,
  log: FastifyBaseLogger,
  slot: Slot,
): Promise<void> {
  try {
    await updateTask(ctx.database.db, userId, taskId, { status: PPT_STATUS.building });
    const template = templates(ctx).get(templateId);
    if (!template) throw new Error(`template ${templateId} vanished`);
    const bytes = await buildPptx(deckFromOutline(content), template);
    const file = taskFile(ctx, taskId);
    await mkdir(join(ctx.config.dataDir, 'ppt'), { recursive: true });
    await writeFile(file, bytes);
    await updateTask(ctx.database.db, userId, taskId, { status: PPT_STATUS.done, filePath: file });
    await settleReservation(ctx, hold);
  } catch (err) {
    log.error({ err, taskId }, 'ppt: build failed');
    await releaseReservation(ctx, hold).catch(() => undefined);
    await updateTask(ctx.database.db, userId, taskId, { status: PPT_STATUS.failed, error: MSG.slidesFailed }).catch(() => undefined);
  } finally {
    await slot.free();
  }
}

async function ownTask(ctx: SlidesContext, user: AuthUser, taskId: string, now = Date.now()): Promise<PptTaskRow> {
  const row = await selectOwnTask(ctx.database.db, user.id, taskId);
  // Another user's task reads exactly like a missing one.
  if (!row) throw new AppError(Code.NOT_FOUND, MSG.slidesTaskNotFound);
  const unfinished = row.status === PPT_STATUS.queued || row.status === PPT_STATUS.building;
  if (unfinished && row.updatedAt.getTime() < now - BUILD_STALE_MS) {
    // Its build died with a server process: say so instead of "building" forever.
    const failed = await failStaleTask(ctx.database.db, user.id, taskId, new Date(now - BUILD_STALE_MS), MSG.slidesFailed);
    return failed ?? (await selectOwnTask(ctx.database.db, user.id, taskId)) ?? row;
  }
  return row;
}

function info(row: PptTaskRow): PptTaskInfo {
  const status = row.status as PptStatus;
  return { task_id: row.taskId, status, title: row.title, ...(status === PPT_STATUS.failed ? { msg: row.error ?? MSG.slidesFailed } : {}) };
}

export async function taskStatus(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<PptTaskInfo> {
  return info(await ownTask(ctx, user, taskId));
}

export async function previewTask(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<PptPreview> {
  const row = await ownTask(ctx, user, taskId);
  const template = templates(ctx).get(row.templateId);
  if (!template) throw refused(MSG.slidesTemplateUnknown);
  return { ...info(row), template, slides: deckFromOutline(row.content).slides };
}

/** The finished file (downPPT); '暂未生成可下载的PPT' until there is one. */
export async function downloadTask(ctx: SlidesContext, user: AuthUser, taskId: string): Promise<{ name: string; bytes: Buffer }> {
  const row = await selectOwnTask(ctx.database.db, user.id, taskId);
  if (!row || row.status !== PPT_STATUS.done || !row.filePath) throw refused(MSG.slidesNoDownload);
  let bytes: Buffer;
  try {
    bytes = await readFile(taskFile(ctx, row.taskId));
  } catch {
    throw refused(MSG.slidesNoDownload);
  }
  return { name: `${row.title || 'AI PPT'}.pptx`, bytes };
}
