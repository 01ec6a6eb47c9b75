import { and, type SQL } from 'drizzle-orm';
import {
  AIGC_MSG,
  AIGC_PAGE_SIZE,
  AIGC_POINTS,
  AIGC_QUOTA_KEYS,
  AIGC_TEXT_MAX,
  AIGC_TEXT_MIN,
  type AigcCheckReq,
  type AigcMode,
  type AigcReport,
  type AigcRewrite,
  type AigcRewriteResult,
  type AigcSimilarityReport,
  type AigcTask,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { badRequest, notFound } from '../../http/errors';
import { listUserTasks } from '../../jobs';
import { deleteFilesById } from '../files/service';
import { submitTask } from '../tasks/service';
import { readLibraryText } from './library';
import { scoreable, splitParagraphs } from './paragraphs';
import { AIGC_CHECK_TIMEOUT_MS, AIGC_REWRITE_TIMEOUT_MS } from './tasks';
import {
  AIGC_KINDS,
  deleteEndedTasks,
  idIs,
  kindIn,
  kindIs,
  rewritesOf,
  selectOwnAigcTask,
  selectRewrites,
  type AigcTaskRow,
} from './store';

/**
 * The AIGC calls (docs/api.md "AIGC detection"): a check or a similarity check submitted as a task
 * (the text and its title travel in the task's inputs, so deleting the library file later does not
 * break the report), its report read back, 降AI率 rewrites of single paragraphs with their history,
 * and deletion. Every id is checked against the caller: another user's task reads as absent.
 */

export type AigcContext = Pick<AppContext, 'config' | 'database' | 'kv' | 'catalog' | 'storage'>;
type Asker = Pick<AuthUser, 'id' | 'vip'>;

const CHECK_KINDS = [AIGC_KINDS.aigc, AIGC_KINDS.similarity];
const modeOf = (kind: string): AigcMode => (kind === AIGC_KINDS.similarity ? 'similarity' : 'aigc');
const chars = (s: string) => [...s.replace(/\s/g, '')].length;

function parseJson<T>(text: string | undefined): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function toTask(
  row: Pick<AigcTaskRow, 'id' | 'toolId' | 'state' | 'progress' | 'stage' | 'error' | 'inputs' | 'result' | 'createdAt'>,
  withReport: boolean,
): AigcTask {
  const out: AigcTask = {
    task_id: row.id,
    mode: modeOf(row.toolId),
    title: String(row.inputs.title ?? ''),
    status: row.state,
    progress: row.progress,
    stage: row.stage,
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.createdAt.toISOString(),
  };
  if (withReport && row.state === 'succeeded') {
    const report = parseJson<AigcReport | AigcSimilarityReport>(row.result?.text);
    if (report) out.report = report;
    const file = row.result?.files[0];
    if (file) out.reportFile = { id: file.id, name: file.name, url: file.url, contentType: file.contentType };
  }
  return out;
}

/** POST task/check: refuse what cannot be checked before anything is held, then queue the task. */
export async function submitCheck(ctx: AigcContext, user: Asker, body: AigcCheckReq): Promise<{ task_id: string }> {
  let text = body.text?.trim() ?? '';
  let title = body.title?.trim() ?? '';
  if (body.file_id) {
    const file = await readLibraryText(ctx, user.id, body.file_id);
    text = file.text.trim();
    title ||= file.name.replace(/\.[^.]+$/, '');
  }
  if (!text) throw badRequest(AIGC_MSG.textOrFile);
  if ([...text].length > AIGC_TEXT_MAX) throw badRequest(AIGC_MSG.textTooLong(AIGC_TEXT_MAX));
  if (chars(text) < AIGC_TEXT_MIN || !splitParagraphs(text).some(scoreable)) throw badRequest(AIGC_MSG.textTooShort(AIGC_TEXT_MIN));
  title ||= [...splitParagraphs(text)[0]!].slice(0, 20).join('');
  const kind = body.mode === 'similarity' ? AIGC_KINDS.similarity : AIGC_KINDS.aigc;
  const row = await submitTask(ctx, {
    user,
    kind,
    inputs: { text, title, ...(body.file_id ? { fileId: body.file_id } : {}) },
    price: { quotaKey: AIGC_QUOTA_KEYS.check, points: AIGC_POINTS.check, usePoints: body.usePoints === true },
    timeoutMs: AIGC_CHECK_TIMEOUT_MS,
  });
  return { task_id: row.id };
}

async function ownCheck(ctx: Pick<AppContext, 'database'>, userId: number, taskId: string): Promise<AigcTaskRow> {
  const row = await selectOwnAigcTask(ctx.database.db, userId, taskId, CHECK_KINDS);
  if (!row) throw notFound(AIGC_MSG.taskNotFound);
  return row;
}

export async function taskDetails(ctx: Pick<AppContext, 'database'>, userId: number, taskId: string): Promise<AigcTask> {
  return toTask(await ownCheck(ctx, userId, taskId), true);
}

export async function listChecks(
  ctx: Pick<AppContext, 'database'>,
  userId: number,
  mode: AigcMode | undefined,
  page: number,
): Promise<{ list: AigcTask[]; total: number }> {
  const kind = mode === 'similarity' ? AIGC_KINDS.similarity : AIGC_KINDS.aigc;
  const { list, total } = await listUserTasks(ctx.database.db, userId, kind, AIGC_PAGE_SIZE, (page - 1) * AIGC_PAGE_SIZE);
  return { list: list.map((r) => toTask(r, false)), total };
}

function toRewrite(row: AigcTaskRow): AigcRewrite {
  const result = row.state === 'succeeded' ? parseJson<AigcRewriteResult>(row.result?.text) : undefined;
  return {
    rewrite_id: row.id,
    task_id: String(row.inputs.checkId ?? ''),
    index: Number(row.inputs.index),
    status: row.state,
    progress: row.progress,
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(result ? { result } : {}),
  };
}

/**
 * POST task/rewrite: one scored paragraph of a finished AIGC check. A paragraph rewritten before is
 * rewritten again from its latest version (and re-scored against that version's score).
 */
export async function submitRewrite(
  ctx: AigcContext,
  user: Asker,
  taskId: string,
  index: number,
  usePoints: boolean,
): Promise<{ rewrite_id: string }> {
  const check = await ownCheck(ctx, user.id, taskId);
  if (check.toolId !== AIGC_KINDS.aigc) throw badRequest(AIGC_MSG.taskNotCheck);
  if (check.state !== 'succeeded') throw badRequest(AIGC_MSG.taskNotReady);
  const report = parseJson<AigcReport>(check.result?.text);
  const paragraph = report?.paragraphs[index];
  if (!paragraph) throw badRequest(AIGC_MSG.paragraphInvalid);
  if (paragraph.score === null) throw badRequest(AIGC_MSG.paragraphTooShort);
  const latest = (await selectRewrites(ctx.database.db, user.id, taskId)).map(toRewrite).find((r) => r.index === index && r.result);
  const before = latest?.result?.after ?? paragraph.text;
  const beforeScore = latest?.result?.afterScore ?? paragraph.score;
  const row = await submitTask(ctx, {
    user,
    kind: AIGC_KINDS.rewrite,
    inputs: { checkId: taskId, index, before, beforeScore },
    price: { quotaKey: AIGC_QUOTA_KEYS.rewrite, points: AIGC_POINTS.rewrite, usePoints },
    timeoutMs: AIGC_REWRITE_TIMEOUT_MS,
  });
  return { rewrite_id: row.id };
}

export async function rewriteList(ctx: Pick<AppContext, 'database'>, userId: number, taskId: string): Promise<{ list: AigcRewrite[] }> {
  await ownCheck(ctx, userId, taskId);
  return { list: (await selectRewrites(ctx.database.db, userId, taskId)).map(toRewrite) };
}

type DeleteContext = Pick<AppContext, 'database' | 'storage'>;

async function deleteWhere(ctx: DeleteContext, userId: number, where: SQL): Promise<number> {
  const { ids, fileIds } = await deleteEndedTasks(ctx.database.db, userId, where);
  if (fileIds.length) await deleteFilesById(ctx, fileIds);
  return ids.length;
}

export async function deleteRewrite(ctx: DeleteContext, userId: number, rewriteId: string): Promise<void> {
  const row = await selectOwnAigcTask(ctx.database.db, userId, rewriteId, [AIGC_KINDS.rewrite]);
  if (!row) throw notFound(AIGC_MSG.rewriteNotFound);
  if (row.state === 'queued' || row.state === 'running') throw badRequest(AIGC_MSG.taskLive);
  await deleteWhere(ctx, userId, and(kindIs(AIGC_KINDS.rewrite), idIs(rewriteId))!);
}

export async function emptyRewrites(ctx: DeleteContext, userId: number, taskId: string): Promise<number> {
  await ownCheck(ctx, userId, taskId);
  return deleteWhere(ctx, userId, rewritesOf(taskId));
}

/** Delete one ended check with its rewrites and report file. */
export async function deleteCheck(ctx: DeleteContext, userId: number, taskId: string): Promise<void> {
  const row = await ownCheck(ctx, userId, taskId);
  if (row.state === 'queued' || row.state === 'running') throw badRequest(AIGC_MSG.taskLive);
  await deleteWhere(ctx, userId, rewritesOf(taskId));
  await deleteWhere(ctx, userId, and(kindIn(CHECK_KINDS), idIs(taskId))!);
}

/** Delete every ended check and rewrite of the caller (live ones stay). */
export async function emptyChecks(ctx: DeleteContext, userId: number): Promise<number> {
  return deleteWhere(ctx, userId, kindIn([...CHECK_KINDS, AIGC_KINDS.rewrite]));
}
