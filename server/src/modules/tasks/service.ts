import { checkToolInputs, MSG, TASK_PAGE_SIZE, toolById, toolIdsOfGroup, type TaskInfo, type TaskListQuery, type ToolSpec } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, notFound } from '../../http/errors';
import { Code } from '@wanxiang/contract';
import { cancelTask, deleteUserEndedTask, listUserTasks, selectUserTask, submitTask as submitEngineTask, type SubmitInput, type TaskRow } from '../../jobs';
import { findTaskHandler } from '../../tools/tasks';
import { deleteFilesById, ownFile } from '../files/service';
import { runnableSpec } from '../tools/overrides';
import { paidEngine } from './payer';
import { toTaskInfo } from './public';

/**
 * The tasks API's rules (docs/api.md "Tasks"): a task is read, listed, canceled and retried only
 * by its owner (anyone else's reads as absent); a task tool's run is validated against its form,
 * and every file it names must be the caller's own upload of an accepted type and size.
 */

export type TasksContext = Pick<AppContext, 'config' | 'database' | 'kv' | 'catalog' | 'llm' | 'storage' | 'images' | 'stt' | 'speech' | 'safeFetch' | 'moduleStates' | 'documents'>;
type Asker = Pick<AuthUser, 'id' | 'vip'>;

async function ownTask(ctx: Pick<AppContext, 'database'>, userId: number, id: string): Promise<TaskRow> {
  const row = await selectUserTask(ctx.database.db, userId, id);
  if (!row) throw notFound(MSG.taskNotFound);
  return row;
}

export async function getTask(ctx: Pick<AppContext, 'database'>, user: Asker, id: string): Promise<TaskInfo> {
  return toTaskInfo(await ownTask(ctx, user.id, id));
}

export async function listTasks(ctx: Pick<AppContext, 'database'>, user: Asker, q: TaskListQuery): Promise<{ list: TaskInfo[]; total: number }> {
  // One tool's tasks, or every tool's of a registry group (翻译记录: text tools have no tasks, document and image tools do).
  const toolIds = q.tool !== undefined ? [q.tool] : toolIdsOfGroup(q.group!);
  const { list, total } = await listUserTasks(ctx.database.db, user.id, toolIds, TASK_PAGE_SIZE, (q.page - 1) * TASK_PAGE_SIZE);
  return { list: list.map(toTaskInfo), total };
}

/**
 * Delete an ended task of the caller's with the files it produced (翻译记录 and any history of
 * results); its input uploads stay (they are the user's own files). A live task must be canceled first.
 */
export async function deleteUserTask(ctx: Pick<AppContext, 'database' | 'storage'>, user: Asker, id: string): Promise<void> {
  const row = await ownTask(ctx, user.id, id);
  if (row.state === 'queued' || row.state === 'running') throw badRequest(MSG.taskDeleteLive);
  const gone = await deleteUserEndedTask(ctx.database.db, user.id, row.id);
  // Ended meanwhile by nobody else (only its owner deletes): absent means it was deleted by a second click.
  if (!gone) throw notFound(MSG.taskNotFound);
  const fileIds = (gone.result?.files ?? []).map((f) => f.id);
  if (fileIds.length) await deleteFilesById(ctx, fileIds);
}

/** Cancel a queued or running task (refunded); a task that already ended is answered as it is. */
export async function cancelUserTask(ctx: TasksContext, user: Asker, id: string): Promise<TaskInfo> {
  const row = await ownTask(ctx, user.id, id);
  const canceled = await cancelTask(paidEngine(ctx), user.id, row.id);
  return toTaskInfo(canceled ?? (await ownTask(ctx, user.id, id)));
}

/**
 * Queue a task on the engine, paid by the quota rules (a task tool's run, a slide-file build, any
 * internal kind with a registered handler): the cap, the hold and the row in one transaction.
 */
export async function submitTask(ctx: Pick<AppContext, 'config' | 'database' | 'kv' | 'catalog'>, input: SubmitInput): Promise<TaskRow> {
  return submitEngineTask(paidEngine(ctx), input);
}

/**
 * A new task with the same inputs; only a failed or canceled one. A task tool's task goes through
 * its run again (form and files checked: they must still exist); an internal kind's (a slide-file
 * build) through its handler's `resubmit` (its price, its inputs checked against today's data).
 * Either way the new task is held and queued by the engine like any new one.
 */
export async function retryUserTask(ctx: TasksContext, user: Asker, id: string): Promise<{ task_id: string }> {
  const row = await ownTask(ctx, user.id, id);
  if (row.state !== 'failed' && row.state !== 'canceled') throw badRequest(MSG.taskNotRetryable);
  const tool = toolById(row.toolId);
  // Paid as the first run was: a task whose hold took points pays with points again.
  if (tool?.kind === 'task') return submitToolTask(ctx, user, tool.id, row.inputs, { usePoints: Number(row.hold?.points ?? 0) > 0 });
  const handler = findTaskHandler(ctx, row.toolId);
  if (!handler?.resubmit) throw badRequest(MSG.taskNotRetryable);
  const refusal = handler.resubmit.refusal(row.inputs);
  if (refusal) throw badRequest(refusal);
  const again = await submitTask(ctx, {
    user,
    kind: handler.name,
    inputs: row.inputs,
    price: handler.resubmit.price,
    timeoutMs: handler.timeoutMs,
    maxAttempts: handler.maxAttempts,
  });
  return { task_id: again.id };
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** Every file field names one of the caller's own files, of an accepted type and size. */
async function checkInputFiles(ctx: TasksContext, user: Asker, tool: ToolSpec, values: Record<string, string | number | boolean>): Promise<void> {
  for (const field of tool.fields) {
    // A mask is an upload too (the painted black-and-white PNG): the caller's own image like the picture it covers.
    if (field.type !== 'file' && field.type !== 'image' && field.type !== 'mask') continue;
    const id = values[field.name];
    if (typeof id !== 'string') continue;
    const file = await ownFile(ctx, user.id, id).catch((err: unknown) => {
      if (err instanceof AppError && err.code === Code.NOT_FOUND) throw badRequest(MSG.taskFileMissing(field.label));
      throw err;
    });
    const ext = extensionOf(file.name);
    if (field.accept && !field.accept.includes(ext)) throw badRequest(MSG.taskFileWrongType(field.label, field.accept.join('、')));
    if ((field.type === 'image' || field.type === 'mask') && !file.contentType.startsWith('image/')) throw badRequest(MSG.taskFileWrongType(field.label, (field.accept ?? ['png']).join('、')));
    if (field.maxBytes && file.bytes > field.maxBytes) throw badRequest(MSG.taskFileTooLarge(field.label, Math.round(field.maxBytes / 1024 / 1024)));
  }
}

/**
 * POST /api/v1/tools/{id}/run for a task tool: check the form and its files, then submit (the
 * hold of one count of the tool's quota key, or of its points price with `usePoints`, and the
 * task row in one transaction). Answers `{task_id}` at once; progress comes from
 * GET /api/v1/tasks/{id}(/events).
 */
export async function submitToolTask(
  ctx: TasksContext,
  user: Asker,
  toolId: string,
  rawInputs: unknown,
  pay: { usePoints?: boolean } = {},
): Promise<{ task_id: string }> {
  const spec = toolById(toolId);
  if (!spec) throw notFound(MSG.taskToolUnknown);
  if (spec.kind !== 'task') throw badRequest(MSG.taskToolNotTask);
  // The operator's price and quota key (tools.json / the console); a tool switched off is refused before the hold.
  const tool = runnableSpec(ctx, spec);
  const handler = findTaskHandler(ctx, tool.id);
  if (!handler) throw badRequest(MSG.taskToolUnavailable);
  const checked = checkToolInputs(tool, rawInputs);
  if (!checked.ok) throw badRequest(checked.msg);
  await checkInputFiles(ctx, user, tool, checked.values);
  const refusal = handler.refuse?.(checked.values) ?? (await handler.inspect?.(checked.values, user.id));
  if (refusal) throw badRequest(refusal);
  const row = await submitTask(ctx, {
    user,
    kind: tool.id,
    inputs: checked.values,
    price: { quotaKey: tool.quotaKey, points: tool.points, usePoints: pay.usePoints === true },
    timeoutMs: handler.timeoutMs,
    maxAttempts: handler.maxAttempts,
  });
  return { task_id: row.id };
}
