import {
  DOC_TRANSLATE_MAX_BYTES,
  DOC_TRANSLATE_TOOL,
  DOC_TRANSLATE_TOOLS,
  MSG,
  PDF_TRANSLATE_TOOL,
  type DocTranslateReq,
  type DocTranslateStatus,
  type PdfUploaded,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { Code } from '@wanxiang/contract';
import { selectUserTask, TaskFailure, type TaskRow } from '../../jobs';
import { prepareInput } from '../../tools/tasks/doc-translate';
import { layoutEnabled } from '../../tools/tasks/translate-layout';
import { uploadUserFile, type IncomingUpload } from '../files/upload';
import { submitToolTask, type TasksContext } from '../tasks/service';

/**
 * The spec's document translation calls (docs/api.md "Document translation"). A translating call
 * is a run of its task tool (文档翻译 or PDF翻译) through the tasks module's submitToolTask, the
 * same path as POST /api/v1/tools/{id}/run: the form and the file are checked (the caller's own
 * upload; empty, bomb, too long, too many pages: Chinese 400s before anything is held), the engine
 * holds one doc_translate count (or the points price), charges once, refunds a failure. The query
 * calls read only the caller's own translation tasks (anyone else's is 404, like a missing one).
 */

export type DocTranslateApiContext = TasksContext;
type Asker = Pick<AuthUser, 'id' | 'vip'>;

export type TranslateCall = 'doc' | 'pdf' | 'pdf-layout';

export async function submitTranslation(ctx: DocTranslateApiContext, user: Asker, call: TranslateCall, req: DocTranslateReq): Promise<{ task_id: string }> {
  // Said plainly before anything else: the operator runs no layout engine.
  if (call === 'pdf-layout' && !layoutEnabled(ctx.config.docTranslate.layout)) throw forbidden(MSG.docTranslateLayoutOff);
  const inputs: Record<string, string> = { file: req.file_id, source: req.source_lang, target: req.target_lang, mode: req.mode, glossary: req.glossary };
  if (call !== 'doc') inputs.engine = call === 'pdf-layout' ? 'layout' : 'builtin';
  return submitToolTask(ctx, user, call === 'doc' ? DOC_TRANSLATE_TOOL : PDF_TRANSLATE_TOOL, inputs, { usePoints: req.usePoints === true });
}

/** The caller's own translation task (`layout`: only a layout-engine one), or 404 / 400. */
async function ownTranslation(ctx: Pick<AppContext, 'database'>, userId: number, id: string, layout = false): Promise<TaskRow> {
  const row = await selectUserTask(ctx.database.db, userId, id);
  if (!row) throw notFound(MSG.taskNotFound);
  if (!DOC_TRANSLATE_TOOLS.includes(row.toolId)) throw badRequest(MSG.docTranslateNotTranslateTask);
  if (layout && !(row.toolId === PDF_TRANSLATE_TOOL && row.inputs.engine === 'layout')) throw badRequest(MSG.docTranslateNotTranslateTask);
  return row;
}

export function toDocStatus(row: TaskRow): DocTranslateStatus {
  const done = row.state === 'succeeded' && row.result;
  return {
    task_id: row.id,
    tool: row.toolId,
    status: row.state,
    progress: row.state === 'succeeded' ? 100 : row.progress,
    stage: row.stage,
    ...(row.state === 'failed' ? { error: row.error || MSG.docTranslateFailed } : {}),
    ...(done ? { files: row.result!.files.map((f) => ({ id: f.id, name: f.name, url: f.url, bytes: f.bytes, contentType: f.contentType })) } : {}),
    ...(done && row.result!.text !== undefined ? { text: row.result!.text } : {}),
  };
}

export async function translationStatus(ctx: Pick<AppContext, 'database'>, user: Asker, taskId: string, layout = false): Promise<DocTranslateStatus> {
  return toDocStatus(await ownTranslation(ctx, user.id, taskId, layout));
}

/** pdf/progress: the short form (status, progress, stage) of any translation task of the caller. */
export async function translationProgress(ctx: Pick<AppContext, 'database'>, user: Asker, taskId: string): Promise<Pick<DocTranslateStatus, 'task_id' | 'status' | 'progress' | 'stage' | 'error'>> {
  const { task_id, status, progress, stage, error } = toDocStatus(await ownTranslation(ctx, user.id, taskId));
  return { task_id, status, progress, stage, ...(error ? { error } : {}) };
}

/**
 * pdf/uploadPdf: a PDF checked before it is stored (type, emptiness, inflation bomb, readable,
 * page count); answers its file id for the translate calls, and its pages.
 */
export async function uploadPdf(ctx: Pick<AppContext, 'database' | 'storage' | 'config'>, user: Asker, file: IncomingUpload): Promise<PdfUploaded> {
  if (!/\.pdf$/i.test(file.filename)) throw badRequest(MSG.docTranslateNeedPdf);
  if (file.data.length > DOC_TRANSLATE_MAX_BYTES) throw new AppError(Code.PAYLOAD_TOO_LARGE, MSG.taskFileTooLarge('文档', DOC_TRANSLATE_MAX_BYTES / 1024 / 1024));
  let pages = 0;
  try {
    const checked = await prepareInput(file.filename, file.data, ['pdf'], true);
    if (checked.kind === 'pdf-layout') pages = checked.pages;
  } catch (err) {
    if (err instanceof TaskFailure) throw badRequest(err.message);
    throw err;
  }
  const stored = await uploadUserFile(ctx, user, file);
  return { file_id: stored.id, name: stored.name, bytes: stored.bytes, pages };
}
