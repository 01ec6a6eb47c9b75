import { MSG } from '../messages';

/**
 * Chat attachments (docs/product/uploads.md §9): images and documents uploaded with POST /api/v1/file/yfoo.upload
 * and then named by id in the chat request's `files`.
 */

/** What an upload holds: a document's text, an image's bytes, or the understood text of an import. */
export const UPLOAD_KINDS = ['doc', 'image', 'audio', 'video', 'web'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_LIMITS = {
  /** Attachments on one question. */
  maxFiles: 5,
  /** One file's bytes. */
  fileBytes: 10 * 1024 * 1024,
  /** All attachments of one question together. */
  totalBytes: 5 * 1024 * 1024,
  /** Extracted characters of all documents of one question together. */
  maxChars: 100_000,
  /** Image mode: one image of at most 5 MB. */
  maxImages: 1,
  imageBytes: 5 * 1024 * 1024,
  imageTypes: ['png', 'jpeg', 'jpg'] as readonly string[],
  // The spec lists legacy .xls too: no maintained reader of it is on npm (docs/api.md, Uploads), so it is not accepted.
  docTypes: ['pdf', 'txt', 'csv', 'docx', 'xlsx', 'pptx', 'ppt', 'mobi', 'doc', 'epub'] as readonly string[],
} as const;

/** Lower-case extension of a file name without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? ''
    : name
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

/** Attachment kind of a file name, or null when the type is not accepted. */
export function attachmentKindOf(name: string): 'image' | 'doc' | null {
  const ext = fileExtension(name);
  if (UPLOAD_LIMITS.imageTypes.includes(ext)) return 'image';
  if (UPLOAD_LIMITS.docTypes.includes(ext)) return 'doc';
  return null;
}

/** Answer of POST /api/v1/file/yfoo.upload (and of every import). */
export interface UploadRes {
  fileId: string;
  name: string;
  /** Bytes of the uploaded file. */
  size: number;
  /** Characters of extracted text (0 for an image). */
  chars: number;
  kind: UploadKind;
}

/** Word count as the chips show it: characters under 1000, then thousands, then ten-thousands (docs/product/uploads.md §9). */
export function formatChars(chars: number): string {
  if (chars < 1000) return `${chars}字`;
  if (chars < 10_000) return `${(chars / 1000).toFixed(1).replace(/\.0$/, '')}千字`;
  return `${(chars / 10_000).toFixed(1).replace(/\.0$/, '')}万字`;
}

/** File size in KB / MB / GB (docs/product/uploads.md §9). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')}MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1).replace(/\.0$/, '')}GB`;
}

/** Types accepted in a file-list message: 文件格式仅支持(png,jpeg,jpg). */
export const fileTypeRefusal = (types: readonly string[]) => MSG.fileTypeOnly(types.join(','));
