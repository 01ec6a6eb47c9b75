import {
  Code,
  IMG_PAGE_SIZE,
  isTerminalTaskState,
  MSG,
  toolById,
  type ImgCreation,
  type ImgCreationPage,
  type ImgCreationsQuery,
  type ImgLikeResult,
  type ImgPublished,
  type ImgPublishedInfo,
  type ImgPublishPage,
  type ImgPublishReq,
  type ImgReportReq,
  type ToolSpec,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest, notFound, refused } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { selectUserTask, type TaskRow } from '../../jobs';
import { deleteFile, ownFile } from '../files/service';
import { IMAGE_TOOL_IDS, imageFilesOf, isImageTool, promptOf, toImgImage, type ImgTask } from './images';
import * as square from './gallery-store';
import { deleteEndedTask, listImgTasks } from './store';

/**
 * The gallery (docs/api.md "Image"): the caller's creations (their succeeded image tasks by tool and
 * day, deleted with their files, reused through the tool's prefilled form) and the drawing square
 * (绘画广场): a creation published by its owner shows its first image to everyone through the
 * square's own public route; likes (one per user, toggled) and reports (one per user; enough
 * reports from distinct, older accounts hide it, as for shared models). Everything else stays
 * owner-only: another user's task or file reads as absent.
 */

export type GalleryContext = Pick<AppContext, 'config' | 'database' | 'storage' | 'kv'>;

/** Publishes and reports per user per minute together (likes are cheap toggles and not counted). */
export const IMG_SQUARE_WRITES_PER_MINUTE = 20;

export const publishedImageUrl = (id: number) => `/api/v1/img/published/${id}/image`;
export const publishedThumbUrl = (id: number) => `/api/v1/img/published/${id}/thumb`;

/** Field types whose values travel in a link (never a file, a mask or a ticked consent). */
const LINKABLE = new Set(['text', 'textarea', 'select', 'radio', 'number', 'switch', 'date', 'style', 'size']);

/** The tool's page with the run's linkable values as ?field=value: the form opens prefilled (画同款). */
export function reusePath(tool: ToolSpec | undefined, inputs: TaskRow['inputs']): string {
  if (!tool) return '';
  const params = new URLSearchParams();
  for (const field of tool.fields) {
    const v = inputs[field.name];
    if (LINKABLE.has(field.type) && v !== undefined && v !== '') params.set(field.name, String(v));
  }
  const qs = params.toString();
  return `${tool.paths[0] ?? ''}${qs ? `?${qs}` : ''}`;
}

function toCreation(row: ImgTask & { publishedId: number | null; takedownReason: string | null }): ImgCreation {
  const tool = toolById(row.toolId);
  return {
    task_id: row.id,
    tool: row.toolId,
    toolTitle: tool?.title ?? row.toolId,
    prompt: promptOf(row.inputs),
    inputs: row.inputs,
    images: imageFilesOf(row).map(toImgImage),
    createdAt: row.createdAt.toISOString(),
    publishedId: row.publishedId,
    takedownReason: row.takedownReason,
    reusePath: reusePath(tool, row.inputs),
  };
}

/** GET creations: the caller's succeeded image tasks, newest first; `tool` and `date` (a business day) narrow it. */
export async function listCreations(ctx: GalleryContext, userId: number, q: ImgCreationsQuery): Promise<ImgCreationPage> {
  const toolIds = q.tool ? IMAGE_TOOL_IDS.filter((id) => id === q.tool) : IMAGE_TOOL_IDS;
  const { list, total } = await listImgTasks(
    ctx.database.db,
    { userId, toolIds, succeededOnly: true, date: q.date, timeZone: ctx.config.tzBusiness },
    IMG_PAGE_SIZE,
    (q.page - 1) * IMG_PAGE_SIZE,
  );
  return { list: list.map(toCreation), total, page: q.page, size: IMG_PAGE_SIZE };
}

async function ownImageTask(ctx: GalleryContext, userId: number, taskId: string): Promise<TaskRow> {
  const row = await selectUserTask(ctx.database.db, userId, taskId);
  if (!row) throw notFound(MSG.taskNotFound);
  if (!isImageTool(row.toolId)) throw badRequest(MSG.imgNotImageTask);
  return row;
}

/** POST creations_delete: an ended image task of the caller's goes, with its result files and its place on the square. */
export async function deleteCreation(ctx: GalleryContext, userId: number, taskId: string): Promise<void> {
  const row = await ownImageTask(ctx, userId, taskId);
  if (!isTerminalTaskState(row.state)) throw badRequest(MSG.imgCreationLive);
  const gone = await deleteEndedTask(ctx.database.db, userId, row.id);
  if (!gone) throw notFound(MSG.taskNotFound);
  for (const f of gone.files) await deleteFile(ctx, userId, f.id);
}

function toPublished(r: square.PublishView, viewer: number | null): ImgPublished {
  return {
    id: r.id,
    title: r.title,
    url: publishedImageUrl(r.id),
    thumbUrl: publishedThumbUrl(r.id),
    width: r.width,
    height: r.height,
    tool: r.toolId,
    toolTitle: toolById(r.toolId)?.title ?? r.toolId,
    author: r.author,
    likes: r.likes,
    liked: r.liked,
    mine: viewer !== null && r.userId === viewer,
    created_at: r.createdAt.toISOString(),
  };
}

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e]/g, '').trim();

/** POST publish {title, task_id}: the caller's succeeded image task shows its first image on the square. */
export async function publish(ctx: GalleryContext, userId: number, req: ImgPublishReq): Promise<ImgPublished> {
  await enforce(ctx.kv, `img:square:${userId}`, 60, IMG_SQUARE_WRITES_PER_MINUTE, MSG.imgPublishTooFast);
  const row = await ownImageTask(ctx, userId, req.task_id);
  if (row.state !== 'succeeded') throw badRequest(MSG.imgPublishNotDone);
  const first = imageFilesOf(row)[0];
  if (!first) throw badRequest(MSG.imgPublishNoImage);
  // The bytes must still be there: a file deleted meanwhile would publish an empty card.
  await ownFile(ctx, userId, first.id).catch(() => {
    throw badRequest(MSG.imgPublishNoImage);
  });
  const title = plain(req.title);
  if (!title) throw badRequest(MSG.imgPublishTitleRequired);
  const id = await square.insertPublished(ctx.database.db, {
    userId,
    taskId: row.id,
    toolId: row.toolId,
    fileId: first.id,
    title,
    width: first.width ?? 0,
    height: first.height ?? 0,
  });
  if (id === null) throw badRequest(MSG.imgPublishTwice);
  return toPublished((await square.findPublished(ctx.database.db, id, userId))!, userId);
}

/** GET publishs?page=: the listed images, newest first (no login needed). */
export async function listSquare(ctx: GalleryContext, viewer: number | null, page: number): Promise<ImgPublishPage> {
  const { rows, total } = await square.listPublished(ctx.database.db, viewer, IMG_PAGE_SIZE, (page - 1) * IMG_PAGE_SIZE);
  return { list: rows.map((r) => toPublished(r, viewer)), total, page, size: IMG_PAGE_SIZE };
}

/** A listed image, or the viewer's own even when hidden; else 404. */
async function visible(ctx: GalleryContext, id: number, viewer: number | null): Promise<square.PublishView> {
  const r = await square.findPublished(ctx.database.db, id, viewer);
  if (!r || (r.status !== square.LISTED && r.userId !== viewer)) throw notFound(MSG.imgPublishNotFound);
  return r;
}

/** One card with its prompt and 做同款 link, read from the author's task (published means shown to all). */
export async function publishInfo(ctx: GalleryContext, id: number, viewer: number | null): Promise<ImgPublishedInfo> {
  const r = await visible(ctx, id, viewer);
  const task = await selectUserTask(ctx.database.db, r.userId, r.taskId);
  const inputs = task?.inputs ?? {};
  return { ...toPublished(r, viewer), prompt: promptOf(inputs), reusePath: reusePath(toolById(r.toolId), inputs) };
}

/** The published row whose image anyone may read: listed only (a hidden one is gone for everyone here). */
export async function listedForServing(ctx: GalleryContext, id: number): Promise<square.PublishRow> {
  const r = await square.findPublished(ctx.database.db, id, null);
  if (!r || r.status !== square.LISTED) throw notFound(MSG.imgPublishNotFound);
  return r;
}

export async function unpublish(ctx: GalleryContext, userId: number, id: number): Promise<void> {
  if (!(await square.deleteOwnPublished(ctx.database.db, userId, id))) throw notFound(MSG.imgPublishNotFound);
}

export async function like(ctx: GalleryContext, userId: number, id: number): Promise<ImgLikeResult> {
  const r = await visible(ctx, id, userId);
  if (r.status !== square.LISTED) throw notFound(MSG.imgPublishNotFound);
  const liked = await square.toggleLike(ctx.database.db, id, userId);
  if (!liked) throw notFound(MSG.imgPublishNotFound);
  return liked;
}

/** Every report is kept; only reports of distinct accounts older than SHARED_MODEL_REPORT_MIN_ACCOUNT_DAYS count towards hiding. */
export async function report(ctx: GalleryContext, userId: number, req: ImgReportReq): Promise<void> {
  await enforce(ctx.kv, `img:square:${userId}`, 60, IMG_SQUARE_WRITES_PER_MINUTE, MSG.imgPublishTooFast);
  const r = await visible(ctx, req.id, userId);
  if (r.userId === userId) throw badRequest(MSG.imgReportOwn);
  const rule = {
    hideAt: ctx.config.sharedModelReportHide,
    accountsBefore: new Date(Date.now() - ctx.config.sharedModelReportMinAccountDays * 86_400_000),
  };
  const first = await square.insertReport(ctx.database.db, req.id, userId, req.reason, plain(req.detail), rule);
  if (!first) throw refused(MSG.imgReportedBefore, Code.FAILED);
}
