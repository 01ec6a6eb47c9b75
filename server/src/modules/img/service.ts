import {
  IMG_BASE64_MAX_BYTES,
  IMG_CALL_TOOLS,
  IMG_MATTING_TOOL,
  IMG_PAGE_SIZE,
  IMG_QR_TOOLS,
  MSG,
  toolById,
  type ImgCall,
  type ImgTaskItem,
  type ImgTaskPage,
  type ImgTaskStatus,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { selectUserTask } from '../../jobs';
import { ownFile, readFileBytes } from '../files/service';
import { submitToolTask, type TasksContext } from '../tasks/service';
import { isImageTool, toImgStatus, toImgTaskItem, type ImgTask } from './images';
import { listImgTasks } from './store';

/**
 * The spec's image calls (docs/api.md "Image"). A generating call is its task tool's run: the
 * body's values for the tool's form fields go to the tasks module's submitToolTask (the same
 * path as POST /api/v1/tools/{id}/run), which checks the form and the files and lets the task
 * engine hold, charge once or refund. The read calls show the caller's own tasks only.
 */

export type ImgContext = TasksContext;
type Asker = Pick<AuthUser, 'id' | 'vip'>;

/** Spec-era body names -> the registry's field names (the image tools call their prompt `text`). */
export const IMG_FIELD_ALIASES: Readonly<Record<string, string>> = { prompt: 'text', negative_prompt: 'negativePrompt' };

/**
 * The tool's form values found in a call's body or query: each field by its own name, else by its
 * spec-era alias; anything else is left out (a client's extra keys are not the form's business).
 */
export function formValues(fields: readonly { name: string }[], raw: unknown): Record<string, unknown> {
  const given = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const { name } of fields) {
    if (Object.hasOwn(given, name)) out[name] = given[name];
    else {
      const alias = Object.keys(IMG_FIELD_ALIASES).find((a) => IMG_FIELD_ALIASES[a] === name && Object.hasOwn(given, a));
      if (alias) out[name] = given[alias];
    }
  }
  return out;
}

/** Run the call's task tool with the form values of `raw` (the tasks module checks them and the files). */
export async function submitImgCall(ctx: ImgContext, user: Asker, call: ImgCall, raw: unknown): Promise<{ task_id: string }> {
  const tool = toolById(IMG_CALL_TOOLS[call]);
  if (tool?.kind !== 'task') throw badRequest(MSG.imgToolNotReady);
  // 开启积分抵扣 as on the tool page: `usePoints: true` in the body pays this run with points.
  const usePoints = raw !== null && typeof raw === 'object' && (raw as { usePoints?: unknown }).usePoints === true;
  return submitToolTask(ctx, user, tool.id, formValues(tool.fields, raw), { usePoints });
}

/** The caller's own image task, or 404 (another user's reads exactly like a missing one). */
async function ownImageTask(ctx: Pick<AppContext, 'database'>, userId: number, id: string, tools?: readonly string[]): Promise<ImgTask> {
  const row = await selectUserTask(ctx.database.db, userId, id);
  if (!row) throw notFound(MSG.taskNotFound);
  if (!isImageTool(row.toolId) || (tools && !tools.includes(row.toolId))) throw badRequest(MSG.imgNotImageTask);
  return row;
}

/** GET query?task_id=: status, progress and, once succeeded, the images. */
export async function imgTaskStatus(ctx: Pick<AppContext, 'database'>, user: Asker, taskId: string): Promise<ImgTaskStatus> {
  return toImgStatus(await ownImageTask(ctx, user.id, taskId));
}

async function pageOf(ctx: Pick<AppContext, 'database'>, userId: number, toolIds: readonly string[], page: number): Promise<ImgTaskPage> {
  const { list, total } = await listImgTasks(ctx.database.db, { userId, toolIds }, IMG_PAGE_SIZE, (page - 1) * IMG_PAGE_SIZE);
  return { list: list.map(toImgTaskItem), total, page, size: IMG_PAGE_SIZE };
}

/** GET matting: one matting task (?task_id=) or the caller's matting tasks, newest first (?page=). */
export async function matting(ctx: Pick<AppContext, 'database'>, user: Asker, q: { task_id?: string; page: number }): Promise<ImgTaskItem | ImgTaskPage> {
  if (q.task_id) return toImgTaskItem(await ownImageTask(ctx, user.id, q.task_id, [IMG_MATTING_TOOL]));
  return pageOf(ctx, user.id, [IMG_MATTING_TOOL], q.page);
}

/** GET qrcodes?page=: the caller's art-QR and hidden-image-QR tasks, newest first. */
export async function qrcodes(ctx: Pick<AppContext, 'database'>, user: Asker, page: number): Promise<ImgTaskPage> {
  return pageOf(ctx, user.id, IMG_QR_TOOLS, page);
}

/** GET qrcode_info?id=: one of the caller's QR tasks. */
export async function qrcodeInfo(ctx: Pick<AppContext, 'database'>, user: Asker, id: string): Promise<ImgTaskItem> {
  return toImgTaskItem(await ownImageTask(ctx, user.id, id, IMG_QR_TOOLS));
}

/**
 * face, faceModel, faceswapByPhotography, faceswapByIdentificationPhoto: face swap, portraits and ID
 * photos may only go through a vendor that licenses them commercially (the usual self-hosted face
 * models are for non-commercial research). No such vendor is wired in, so they refuse clearly.
 */
export function refuseFaceCall(): never {
  throw forbidden(MSG.imgFeatureNotEnabled);
}

/** GET getbase64?id=: one of the caller's images as a data URL (for the browser's canvas editors), size-capped. */
export async function fileAsDataUrl(ctx: Pick<AppContext, 'database' | 'storage'>, user: Asker, id: string): Promise<{ id: string; contentType: string; bytes: number; dataUrl: string }> {
  const file = await ownFile(ctx, user.id, id);
  if (!file.contentType.startsWith('image/')) throw badRequest(MSG.imgFileNotImage);
  if (file.bytes > IMG_BASE64_MAX_BYTES) throw badRequest(MSG.imgImageTooLarge(IMG_BASE64_MAX_BYTES / 1024 / 1024));
  const { data } = await readFileBytes(ctx, user.id, id);
  return { id: file.id, contentType: file.contentType, bytes: data.length, dataUrl: `data:${file.contentType};base64,${data.toString('base64')}` };
}
