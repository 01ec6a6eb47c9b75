import {
  Code,
  DOC_SOURCE_DIRECT_CHARS,
  DOC_SOURCE_MAX_BYTES,
  DOC_SOURCE_TYPES,
  fileExtension,
  markdownHeadings,
  MSG,
  UPLOAD_LIMITS,
  type DocSourceRes,
  type DocSourceUse,
} from '@wanxiang/contract';
import { AppError, badRequest } from '../../http/errors';
import { cleanName, documentText, ownedUploads, saveTextUpload, type IncomingFile, type UploadContext, type UploadOwner, type UploadWriteContext } from '../uploads/service';

/**
 * A document as the source of a mind map or a deck (docs/product/mindmap-and-slides.md §11). The upload is read
 * by the same parsers as chat attachments (worker thread, deadline, zip-bomb and PDF guards), with its
 * structure kept as Markdown (DOCX headings, PPTX slide titles), and saved as the caller's upload, so it
 * expires with the caller's other uploads and the mind map and outline calls read it by id, owner checked.
 * Every bad file is a 400 with a Chinese sentence: the page shows it under the upload box.
 */

/** POST /api/v1/docSource/upload: check, read with structure, save. */
export async function uploadDocSource(ctx: UploadWriteContext, owner: UploadOwner, use: DocSourceUse, file: IncomingFile): Promise<DocSourceRes> {
  const name = cleanName(file.filename);
  const ext = fileExtension(name);
  const types = DOC_SOURCE_TYPES[use];
  if (!types.includes(ext)) throw badRequest(use === 'oldPpt' ? MSG.docSourceOldPptOnly : MSG.fileTypeOnly(types.join(',')));
  if (file.data.length === 0) throw badRequest(MSG.docSourceEmpty);
  if (file.data.length > DOC_SOURCE_MAX_BYTES) throw badRequest(MSG.fileTooLarge);
  let text: string;
  try {
    // Markdown is plain text with its structure already written out.
    text = await documentText(ctx, owner.id, ext === 'md' ? 'txt' : ext, file.data, { structured: true });
  } catch (err) {
    // The readers' refusals (no text, a bomb, a legacy file) are this call's bad input: 400, same words.
    if (err instanceof AppError && err.code === Code.FAILED) throw badRequest(err.message);
    throw err;
  }
  if (text.length > UPLOAD_LIMITS.maxChars) throw badRequest(MSG.fileTooManyChars);
  const saved = await saveTextUpload(ctx, owner, { kind: 'doc', name, mime: file.mime, size: file.data.length, text });
  return {
    fileId: saved.fileId,
    name: saved.name,
    size: saved.size,
    chars: saved.chars,
    headings: markdownHeadings(text),
    condensed: text.length > DOC_SOURCE_DIRECT_CHARS,
  };
}

export interface SourceText {
  name: string;
  /** 'doc' (an uploaded document), 'audio' / 'video' (a transcript), 'web' (an imported page). */
  kind: string;
  text: string;
}

/**
 * The caller's upload by id as source text: another user's (or an expired) id answers 404 文件不存在或已过期;
 * an image has no text to outline (400).
 */
export async function sourceText(ctx: UploadContext, userId: number, fileId: string): Promise<SourceText> {
  const [row] = await ownedUploads(ctx, userId, [fileId]);
  if (!row || row.kind === 'image' || !row.text.trim()) throw badRequest(MSG.docSourceNotText);
  return { name: row.name, kind: row.kind, text: row.text };
}
