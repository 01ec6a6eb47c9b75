import { MSG, UPLOAD_LIMITS } from '@wanxiang/contract';
import type { CatalogModel } from '../../catalog';
import { refused } from '../../http/errors';
import type { LlmContentPart, LlmMessage } from '../../llm/types';
import { ownedUploads, type UploadContext } from '../uploads/service';

/**
 * The `files` of a chat request (docs/product/uploads.md §9): the caller's own uploads, checked against the
 * limits, then given to the model: document and import text before the question, one image as
 * an OpenAI image part for vision models. Another user's id is refused as not found.
 */

export interface AttachedDocument {
  name: string;
  text: string;
}

export interface AttachedImage {
  name: string;
  mime: string;
  data: Buffer;
}

export interface ResolvedAttachments {
  documents: AttachedDocument[];
  image: AttachedImage | null;
}

/** A model that reads images: the image-understanding kind of the catalog (resloveType image). */
export function seesImages(model: Pick<CatalogModel, 'resloveType'>): boolean {
  return model.resloveType === 'image';
}

export async function resolveAttachments(
  ctx: UploadContext,
  userId: number,
  model: Pick<CatalogModel, 'resloveType'>,
  files: readonly string[] | undefined,
): Promise<ResolvedAttachments | null> {
  if (!files || files.length === 0) return null;
  if (new Set(files).size > UPLOAD_LIMITS.maxFiles) throw refused(MSG.maxFiles(UPLOAD_LIMITS.maxFiles));
  const rows = await ownedUploads(ctx, userId, files);
  const images = rows.filter((r) => r.kind === 'image');
  const documents = rows.filter((r) => r.kind !== 'image');
  if (images.length > 0 && documents.length > 0) throw refused(MSG.noMixImageDoc);
  if (images.length > UPLOAD_LIMITS.maxImages) throw refused(MSG.maxOneImage);
  if (images.length > 0 && !seesImages(model)) throw refused(MSG.modelNoVision);
  const totalBytes = rows.reduce((sum, r) => sum + r.size, 0);
  if (totalBytes > UPLOAD_LIMITS.totalBytes) throw refused(MSG.filesTotalTooLarge);
  const totalChars = documents.reduce((sum, r) => sum + r.chars, 0);
  if (totalChars > UPLOAD_LIMITS.maxChars) throw refused(MSG.fileTooManyChars);
  const image = images[0];
  if (image && !image.data) throw refused(MSG.uploadNotFound);
  return {
    documents: documents.map((r) => ({ name: r.name, text: r.text })),
    image: image ? { name: image.name, mime: image.mime, data: image.data! } : null,
  };
}

/** Markers around each file's text, so a model (and the demo upstream) can tell files from the question. */
export const FILE_OPEN = (name: string) => `【文件：${name}】`;
export const FILE_CLOSE = '【文件结束】';
export const QUESTION_MARK = '【问题】';

/** The question (the last message) rewritten to carry the attachments. */
export function withAttachments(messages: LlmMessage[], att: ResolvedAttachments | null): LlmMessage[] {
  const last = messages.at(-1);
  if (!att || !last || last.role !== 'user') return messages;
  let text = last.content;
  if (att.documents.length > 0) {
    const blocks = att.documents.map((d) => `${FILE_OPEN(d.name.replace(/[【】\n]/g, ''))}\n${d.text}\n${FILE_CLOSE}`);
    text = `${MSG.attachedContext}\n\n${blocks.join('\n\n')}\n\n${QUESTION_MARK}\n${text}`;
  }
  const parts: LlmContentPart[] | undefined = att.image
    ? [
        { type: 'text', text },
        { type: 'image_url', image_url: { url: `data:${att.image.mime};base64,${att.image.data.toString('base64')}` } },
      ]
    : undefined;
  return [...messages.slice(0, -1), parts ? { role: 'user', content: text, parts } : { role: 'user', content: text }];
}
