import { randomUUID } from 'node:crypto';
import { attachmentKindOf, Code, fileExtension, MSG, UPLOAD_LIMITS, type UploadKind, type UploadRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, rateLimited, refused } from '../../http/errors';
import { readFileBytes, saveFile } from '../files/service';
import { decodeImage } from './image';
import { DocumentReadError, readDocumentText } from './parse';
import { expiryFor } from './retention';
import { insertUpload, selectOwnedUploads, type UploadRow } from './store';

/**
 * Rules of chat attachments (docs/product/uploads.md §9): which files are accepted, how large, and what is kept:
 * a document's text (read on the server, kept in the row) or an image's bytes (in the file store). Imports of audio, video and web
 * pages are saved here too, as text, so the next question can name any of them in `files`.
 */

/** Reading uploads needs the file store too: an image's bytes live there. */
export type UploadContext = Pick<AppContext, 'database' | 'storage'>;
/** Saving and parsing also need the settings (parsing slots, retention). */
export type UploadWriteContext = Pick<AppContext, 'database' | 'config'>;
/** Saving an attachment may keep an image's bytes in the file store. */
export type AttachmentWriteContext = UploadWriteContext & Pick<AppContext, 'storage'>;

/** Who uploads: the membership level at upload time sets how long the upload is kept. */
export interface UploadOwner {
  id: number;
  vip: number;
}

export interface IncomingFile {
  filename: string;
  mime: string;
  data: Buffer;
}

export const ACCEPTED_ATTACHMENT_TYPES = [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.docTypes];

/** POST /api/v1/file/yfoo.upload: one image or document of the caller. */
export async function uploadAttachment(ctx: AttachmentWriteContext, owner: UploadOwner, file: IncomingFile): Promise<UploadRes> {
  const name = cleanName(file.filename);
  const kind = attachmentKindOf(name);
  if (!kind) throw refused(MSG.fileTypeOnly(ACCEPTED_ATTACHMENT_TYPES.join(',')));
  if (file.data.length > UPLOAD_LIMITS.fileBytes) throw new AppError(Code.PAYLOAD_TOO_LARGE, MSG.fileTooLarge);
  if (file.data.length === 0) throw refused(kind === 'image' ? MSG.noImageYet : MSG.fileNoContent);
  if (kind === 'image') return saveImage(ctx, owner, name, file.data);
  const text = await documentText(ctx, owner.id, fileExtension(name), file.data);
  if (text.length > UPLOAD_LIMITS.maxChars) throw refused(MSG.fileTooManyChars);
  return saveTextUpload(ctx, owner, { kind: 'doc', name, mime: file.mime, size: file.data.length, text });
}

async function saveImage(ctx: AttachmentWriteContext, owner: UploadOwner, name: string, data: Buffer): Promise<UploadRes> {
  if (data.length > UPLOAD_LIMITS.imageBytes) throw new AppError(Code.PAYLOAD_TOO_LARGE, MSG.imageTooLarge);
  // The bytes go to a vision model as a data URL: their type must be what they are, not what the name says.
  const mime = await decodeImage(data);
  if (!mime) throw refused(MSG.noImageYet);
  const id = randomUUID();
  // The bytes go to the file store, kept as long as the upload (the sweep deletes both).
  const stored = await saveFile(ctx, { userId: owner.id, name, contentType: mime, body: data, purpose: 'chat-image', expiresAt: expiryFor(ctx, owner.vip) });
  await insertUpload(ctx.database.db, {
    id,
    userId: owner.id,
    kind: 'image',
    name,
    mime,
    size: data.length,
    text: '',
    chars: 0,
    fileId: stored.id,
    expiresAt: expiryFor(ctx, owner.vip),
  });
  return { fileId: id, name, size: data.length, chars: 0, kind: 'image' };
}

/** Save text that stands for a file (a document, a transcript, a web page). */
export async function saveTextUpload(
  ctx: UploadWriteContext,
  owner: UploadOwner,
  rec: { kind: UploadKind; name: string; mime: string; size: number; text: string },
): Promise<UploadRes> {
  const id = randomUUID();
  const chars = rec.text.length;
  await insertUpload(ctx.database.db, {
    id,
    userId: owner.id,
    kind: rec.kind,
    name: rec.name,
    mime: rec.mime.slice(0, 128),
    size: rec.size,
    text: rec.text,
    chars,
    expiresAt: expiryFor(ctx, owner.vip),
  });
  return { fileId: id, name: rec.name, size: rec.size, chars, kind: rec.kind };
}

/**
 * The caller's uploads by id, in the order asked, an image's bytes read from the file store into
 * `data` (rows from before the store carry them already); any id that is not the caller's, has
 * expired or lost its bytes is refused as not found.
 */
export async function ownedUploads(ctx: UploadContext, userId: number, ids: readonly string[]): Promise<UploadRow[]> {
  const unique = [...new Set(ids)];
  const rows = await selectOwnedUploads(ctx.database.db, userId, unique);
  if (rows.length !== unique.length) throw new AppError(Code.NOT_FOUND, MSG.uploadNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(unique.map((id) => withStoredBytes(ctx, byId.get(id)!)));
}

async function withStoredBytes(ctx: UploadContext, row: UploadRow): Promise<UploadRow> {
  if (row.data || !row.fileId) return row;
  try {
    return { ...row, data: (await readFileBytes(ctx, row.userId, row.fileId)).data };
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NOT_FOUND) throw new AppError(Code.NOT_FOUND, MSG.uploadNotFound);
    throw err;
  }
}

/**
 * A document's text through the shared parsing queue, each reader's failure as the caller's refusal.
 * `structured` keeps headings and slide titles as Markdown (a mind map or a deck from a file).
 */
export async function documentText(ctx: UploadWriteContext, userId: number, ext: string, data: Buffer, opts: { structured?: boolean } = {}): Promise<string> {
  const limits = ctx.config.uploads.parse;
  try {
    return await readDocumentText(ext, data, { owner: `user:${userId}`, limits, structured: opts.structured });
  } catch (err) {
    if (!(err instanceof DocumentReadError)) throw err;
    if (err.reason === 'owner-busy') throw rateLimited(MSG.fileParseOwnerBusy(limits.perOwner));
    if (err.reason === 'busy') throw rateLimited(MSG.fileParseServerBusy);
    if (err.reason === 'legacy') throw refused(MSG.legacyFileUnreadable);
    // More inflated content than any file within the character limit holds (or a decompression bomb).
    if (err.reason === 'too-large') throw refused(MSG.fileTooManyChars);
    if (err.reason === 'timeout') throw refused(MSG.fileUploadFailed);
    throw refused(MSG.fileNoContent);
  }
}

/** A file name as shown back: no path, no control characters, at most 255 characters. */
export function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-255);
}
