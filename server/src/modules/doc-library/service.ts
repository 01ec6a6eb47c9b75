import { randomBytes } from 'node:crypto';
import {
  Code,
  DOC_LIBRARY_MAX_BYTES,
  DOC_LIBRARY_MAX_FILES,
  DOC_LIBRARY_MSG,
  DOC_LIBRARY_TYPES,
  fileExtension,
  type DocFileInfo,
  type DocSearchRes,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound, rateLimited } from '../../http/errors';
import { deleteFile, saveFile } from '../files/service';
import { looksLike } from '../files/upload';
import { submitTask } from '../tasks/service';
import { checkDocumentInflation, DocumentReadError, readDocumentText } from '../uploads/parse';
import { cleanName } from '../uploads/service';
import { DOC_INDEX_KIND, DOC_INDEX_PRICE, DOC_INDEX_TIMEOUT_MS, docReadMessage } from './index-task';
import { searchDocument } from './retrieve';
import { countOwnDocs, deleteOwnDoc, insertDocFile, listOwnDocs, selectOwnDoc, updateDoc, type DocFileRow } from './store';

/**
 * The document library's rules (docs/api.md "Document library"): which files are taken (the
 * parsers' formats, checked by what they are: magic bytes, the zip and PDF bomb guards in a
 * parsing thread), where the bytes go (the file store, kept until the owner deletes the document),
 * and that indexing is a task. Every call reads the caller's own documents only: another user's
 * id is not found (404).
 */

export type DocLibraryContext = Pick<AppContext, 'database' | 'storage' | 'config' | 'kv' | 'catalog'>;

export interface IncomingDoc {
  filename: string;
  data: Buffer;
}

const TYPES_TEXT = DOC_LIBRARY_TYPES.join('、');
const MB = 1024 * 1024;

/** The checks every uploaded document passes (type, size, content), answering its extension. */
export async function checkIncomingDoc(
  ctx: Pick<AppContext, 'config'>,
  userId: number,
  file: IncomingDoc,
): Promise<{ name: string; ext: string }> {
  const name = cleanName(file.filename);
  const ext = fileExtension(name);
  if (!(DOC_LIBRARY_TYPES as readonly string[]).includes(ext)) throw badRequest(DOC_LIBRARY_MSG.typeOnly(TYPES_TEXT));
  if (file.data.length === 0) throw badRequest(DOC_LIBRARY_MSG.empty);
  if (file.data.length > DOC_LIBRARY_MAX_BYTES) throw badRequest(DOC_LIBRARY_MSG.tooLarge(DOC_LIBRARY_MAX_BYTES / MB));
  if (!contentFits(ext, file.data)) throw badRequest(DOC_LIBRARY_MSG.contentMismatch);
  try {
    // A zip or PDF bomb is refused here, before anything is stored (counted in a parsing thread).
    await checkDocumentInflation(ext, file.data, { owner: `user:${userId}`, limits: ctx.config.uploads.parse });
  } catch (err) {
    if (err instanceof DocumentReadError) throw refusalOf(err);
    throw err;
  }
  return { name, ext };
}

/** Magic bytes of the binary formats; text (UTF-8 or GBK) only has to be free of NUL bytes. */
function contentFits(ext: string, data: Buffer): boolean {
  if (ext === 'txt' || ext === 'md') return !data.subarray(0, 64 * 1024).includes(0);
  if (ext === 'epub') return data.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004';
  return looksLike(ext, data);
}

export function toInfo(row: DocFileRow): DocFileInfo {
  return {
    file_id: row.id,
    name: row.name,
    ext: row.ext,
    bytes: row.bytes,
    status: row.status as DocFileInfo['status'],
    task_id: row.taskId,
    error: row.error,
    sections: row.sections,
    chunks: row.chunks,
    chars: row.chars,
    embedded: row.embeddingModel !== '',
    created_at: row.createdAt.toISOString(),
  };
}

/** POST /api/v1/doc/uploadFile: store the document and queue its indexing; answers at once with status indexing. */
export async function uploadDoc(ctx: DocLibraryContext, user: { id: number; vip: number }, file: IncomingDoc): Promise<DocFileInfo> {
  const { name, ext } = await checkIncomingDoc(ctx, user.id, file);
  if ((await countOwnDocs(ctx.database.db, user.id)) >= DOC_LIBRARY_MAX_FILES)
    throw badRequest(DOC_LIBRARY_MSG.tooMany(DOC_LIBRARY_MAX_FILES));
  const stored = await saveFile(ctx, { userId: user.id, name, contentType: contentTypeOf(ext), body: file.data, purpose: 'doc-library' });
  const id = randomBytes(16).toString('hex');
  await insertDocFile(ctx.database.db, { id, userId: user.id, name, ext, bytes: file.data.length, fileId: stored.id, status: 'indexing' });
  try {
    const task = await submitTask(ctx, {
      user,
      kind: DOC_INDEX_KIND,
      inputs: { doc_id: id },
      price: DOC_INDEX_PRICE,
      timeoutMs: DOC_INDEX_TIMEOUT_MS,
      maxAttempts: 2,
    });
    await updateDoc(ctx.database.db, user.id, id, { taskId: task.id });
  } catch (err) {
    // Too many live tasks (429) and the like: no half-made document stays behind.
    await deleteOwnDoc(ctx.database.db, user.id, id);
    await deleteFile(ctx, user.id, stored.id).catch(() => undefined);
    throw err;
  }
  return toInfo((await selectOwnDoc(ctx.database.db, user.id, id))!);
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  epub: 'application/epub+zip',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};
const contentTypeOf = (ext: string) => CONTENT_TYPES[ext] ?? 'application/octet-stream';

export async function listDocs(ctx: Pick<AppContext, 'database'>, userId: number): Promise<{ list: DocFileInfo[]; total: number }> {
  const rows = await listOwnDocs(ctx.database.db, userId);
  return { list: rows.map(toInfo), total: rows.length };
}

export async function ownDoc(ctx: Pick<AppContext, 'database'>, userId: number, id: string): Promise<DocFileRow> {
  const row = await selectOwnDoc(ctx.database.db, userId, id);
  if (!row) throw notFound(DOC_LIBRARY_MSG.notFound);
  return row;
}

/** A document that can be searched: indexed (409-free: a 400 saying it is still being read, or why it failed). */
export async function readyDoc(ctx: Pick<AppContext, 'database'>, userId: number, id: string): Promise<DocFileRow> {
  const row = await ownDoc(ctx, userId, id);
  if (row.status === 'indexing') throw badRequest(DOC_LIBRARY_MSG.notReady);
  if (row.status === 'failed') throw badRequest(row.error ?? DOC_LIBRARY_MSG.indexFailed);
  return row;
}

export async function deleteDoc(ctx: Pick<AppContext, 'database' | 'storage'>, userId: number, id: string): Promise<void> {
  const row = await deleteOwnDoc(ctx.database.db, userId, id);
  if (!row) throw notFound(DOC_LIBRARY_MSG.notFound);
  await deleteFile(ctx, userId, row.fileId).catch(() => undefined);
}

export async function searchDoc(
  ctx: Pick<AppContext, 'database' | 'config'>,
  userId: number,
  id: string,
  query: string,
): Promise<DocSearchRes> {
  return searchDocument(ctx, await readyDoc(ctx, userId, id), query);
}

/** POST /api/v1/files/file2text: one document's text, read in a parsing thread (nothing is kept). */
export async function fileToText(
  ctx: Pick<AppContext, 'config'>,
  userId: number,
  file: IncomingDoc,
): Promise<{ name: string; text: string; chars: number }> {
  const { name, ext } = await checkIncomingDoc(ctx, userId, file);
  try {
    // The chat parsers read Markdown as the plain text it is.
    const text = await readDocumentText(ext === 'md' ? 'txt' : ext, file.data, {
      owner: `user:${userId}`,
      limits: ctx.config.uploads.parse,
    });
    return { name, text, chars: text.length };
  } catch (err) {
    if (err instanceof DocumentReadError) throw refusalOf(err);
    throw err;
  }
}

/** A parser's refusal: the parsing threads busy is a 429 (try again shortly), anything else the file's own 400. */
function refusalOf(err: DocumentReadError): AppError {
  if (err.reason === 'busy' || err.reason === 'owner-busy') return rateLimited(docReadMessage(err));
  return badRequest(docReadMessage(err));
}

/** Multipart's own size refusal (413) read as the library's Chinese 400. */
export function asTooLarge(err: unknown): unknown {
  if (err instanceof AppError && err.code === Code.PAYLOAD_TOO_LARGE)
    return badRequest(DOC_LIBRARY_MSG.tooLarge(DOC_LIBRARY_MAX_BYTES / MB));
  return err;
}
