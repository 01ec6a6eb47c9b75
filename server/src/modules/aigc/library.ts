import { PDFDocument } from 'pdf-lib';
import {
  AIGC_FILE_MAX_BYTES,
  AIGC_PDF_MAX_PAGES,
  AIGC_FILE_TYPES,
  AIGC_LIBRARY_MAX,
  AIGC_MSG,
  AIGC_TEXT_MAX,
  Code,
  type AigcFile,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound, rateLimited } from '../../http/errors';
import { deleteFile, deleteFilesById, readFileBytes, saveFile } from '../files/service';
import { DocumentReadError, readDocumentText } from '../uploads/parse';
import { checkPdf } from '../uploads/parse/pdf-guard';
import { cleanName, type IncomingFile } from '../uploads/service';
import { AIGC_FILE_PURPOSE, selectLibraryFiles } from './store';

/**
 * The AIGC library: documents the user uploads to check, and that the similarity check compares
 * against ("我的文档"). A PDF, DOCX, TXT or Markdown file is read once on upload by the chat
 * uploads' parsers (their worker thread, deadline and zip-bomb and page guards), and only its text
 * is kept, as a UTF-8 file of the file store (purpose aigc-doc) whose content type also records its
 * character count (`x-chars`), so the list needs no second read. Owner-only: another user's file
 * reads as absent.
 */

export type LibraryContext = Pick<AppContext, 'database' | 'storage' | 'config'>;

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const charsOf = (contentType: string) => Number(/x-chars=(\d+)/.exec(contentType)?.[1] ?? 0);

export async function uploadLibraryFile(ctx: LibraryContext, userId: number, file: IncomingFile): Promise<AigcFile> {
  const name = cleanName(file.filename);
  const ext = extensionOf(name);
  if (!(AIGC_FILE_TYPES as readonly string[]).includes(ext)) throw badRequest(AIGC_MSG.fileType(AIGC_FILE_TYPES.join('、')));
  if (file.data.length === 0) throw badRequest(AIGC_MSG.fileEmpty);
  if (file.data.length > AIGC_FILE_MAX_BYTES)
    throw new AppError(Code.PAYLOAD_TOO_LARGE, AIGC_MSG.fileTooLarge(AIGC_FILE_MAX_BYTES / 1024 / 1024));
  if ((await selectLibraryFiles(ctx.database.db, userId)).length >= AIGC_LIBRARY_MAX)
    throw badRequest(AIGC_MSG.libraryFull(AIGC_LIBRARY_MAX));
  if (ext === 'pdf') await refuseLongPdf(file.data);
  const text = (await documentText(ctx, userId, ext === 'md' ? 'txt' : ext, file.data)).trim();
  if (!text) throw badRequest(AIGC_MSG.fileEmpty);
  const chars = [...text].length;
  if (chars > AIGC_TEXT_MAX) throw badRequest(AIGC_MSG.fileTooManyChars(AIGC_TEXT_MAX));
  const stored = await saveFile(ctx, {
    userId,
    name,
    contentType: `text/plain; charset=utf-8; x-chars=${chars}`,
    body: Buffer.from(text, 'utf8'),
    purpose: AIGC_FILE_PURPOSE,
    expiresAt: null,
  });
  return { file_id: stored.id, name: stored.name, chars, createdAt: new Date().toISOString() };
}

/**
 * A PDF's pages counted before its text is read: parsing a book of thousands of pages would take the
 * parser's whole deadline only to end over the character limit. The inflation guard runs first, so
 * counting never decompresses a bomb; a file pdf-lib cannot open is left to the parser's verdict.
 */
async function refuseLongPdf(data: Buffer): Promise<void> {
  if ((await checkPdf(data)) === 'too-large') throw badRequest(AIGC_MSG.fileTooManyChars(AIGC_TEXT_MAX));
  let pages: number;
  try {
    pages = (await PDFDocument.load(data, { updateMetadata: false, ignoreEncryption: true })).getPageCount();
  } catch {
    return;
  }
  if (pages > AIGC_PDF_MAX_PAGES) throw badRequest(AIGC_MSG.pdfTooManyPages(AIGC_PDF_MAX_PAGES));
}

async function documentText(ctx: LibraryContext, userId: number, ext: string, data: Buffer): Promise<string> {
  const limits = ctx.config.uploads.parse;
  try {
    return await readDocumentText(ext, data, { owner: `user:${userId}`, limits });
  } catch (err) {
    if (!(err instanceof DocumentReadError)) throw err;
    if (err.reason === 'owner-busy' || err.reason === 'busy') throw rateLimited(AIGC_MSG.fileUnreadable);
    // More inflated content than the character limit allows: a decompression bomb, or a 2,000-page PDF.
    if (err.reason === 'too-large') throw badRequest(AIGC_MSG.fileTooManyChars(AIGC_TEXT_MAX));
    if (err.reason === 'empty') throw badRequest(AIGC_MSG.fileEmpty);
    throw badRequest(AIGC_MSG.fileUnreadable);
  }
}

export async function listLibraryFiles(ctx: LibraryContext, userId: number): Promise<AigcFile[]> {
  const rows = await selectLibraryFiles(ctx.database.db, userId);
  return rows.map((r) => ({ file_id: r.id, name: r.name, chars: charsOf(r.contentType), createdAt: r.createdAt.toISOString() }));
}

/** The text of the caller's own library file; anything else (another user's, another kind of file) is 404. */
export async function readLibraryText(ctx: LibraryContext, userId: number, fileId: string): Promise<{ name: string; text: string }> {
  const found = await readFileBytes(ctx, userId, fileId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === Code.NOT_FOUND) throw notFound(AIGC_MSG.fileNotFound);
    throw err;
  });
  if (found.file.purpose !== AIGC_FILE_PURPOSE) throw notFound(AIGC_MSG.fileNotFound);
  return { name: found.file.name, text: found.data.toString('utf8') };
}

export async function deleteLibraryFile(ctx: LibraryContext, userId: number, fileId: string): Promise<void> {
  const own = (await selectLibraryFiles(ctx.database.db, userId)).some((f) => f.id === fileId);
  if (!own || !(await deleteFile(ctx, userId, fileId))) throw notFound(AIGC_MSG.fileNotFound);
}

export async function emptyLibrary(ctx: LibraryContext, userId: number): Promise<number> {
  const rows = await selectLibraryFiles(ctx.database.db, userId);
  return deleteFilesById(
    ctx,
    rows.map((r) => r.id),
  );
}

/** Every library file's text but `except` (the checked file itself), for the similarity check. */
export async function libraryTexts(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  userId: number,
  except: string,
): Promise<{ id: string; name: string; text: string }[]> {
  const rows = (await selectLibraryFiles(ctx.database.db, userId)).filter((r) => r.id !== except);
  const out: { id: string; name: string; text: string }[] = [];
  for (const r of rows) {
    const found = await readFileBytes(ctx, userId, r.id).catch(() => null);
    if (found) out.push({ id: r.id, name: r.name, text: found.data.toString('utf8') });
  }
  return out;
}
