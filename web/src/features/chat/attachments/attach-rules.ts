import { attachmentKindOf, MSG, UPLOAD_LIMITS } from '@wanxiang/contract';
import type { Attachment, DocMode } from '../../../stores/chat-extras';

/**
 * Which picked or pasted files may join the next question (docs/product/uploads.md §5, §9): image mode holds one
 * image of at most 5 MB; file mode up to 5 documents, 10 MB each, 5 MB together; the two modes
 * never mix. Imports (audio, video, web) count as files.
 */

export type PickRefusal = { ok: false; msg: string };
export type PickAccepted = { ok: true; mode: 'image' | 'file'; files: File[] };

/** The accepted types of a picker, as the refusal lists them. */
export function acceptedTypes(want: 'image' | 'file' | null): readonly string[] {
  if (want === 'image') return UPLOAD_LIMITS.imageTypes;
  if (want === 'file') return UPLOAD_LIMITS.docTypes;
  return [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.docTypes];
}

/** The `accept` attribute of a file input for a picker. */
export const acceptAttr = (want: 'image' | 'file') =>
  acceptedTypes(want)
    .map((t) => `.${t}`)
    .join(',');

export function checkPick(
  existing: readonly Attachment[],
  docMode: DocMode,
  files: readonly File[],
  want: 'image' | 'file' | null,
): PickAccepted | PickRefusal {
  if (files.length === 0) return { ok: false, msg: MSG.noContentYet };
  const kinds = files.map((f) => attachmentKindOf(f.name));
  const allowed = acceptedTypes(want);
  if (kinds.some((k, i) => k === null || !allowed.includes(extOf(files[i]!.name))))
    return { ok: false, msg: MSG.fileTypeOnly(allowed.join(',')) };
  const hasImage = kinds.includes('image');
  const hasDoc = kinds.includes('doc');
  if (hasImage && hasDoc) return { ok: false, msg: MSG.noMixImageDoc };
  const mode = hasImage ? 'image' : 'file';
  if (docMode !== null && docMode !== mode && existing.length > 0) return { ok: false, msg: MSG.noMixImageDoc };
  const kept = existing.filter((a) => a.status !== 'error');
  if (mode === 'image') {
    if (kept.length + files.length > UPLOAD_LIMITS.maxImages) return { ok: false, msg: MSG.maxOneImage };
    if (files.some((f) => f.size > UPLOAD_LIMITS.imageBytes)) return { ok: false, msg: MSG.imageTooLarge };
    return { ok: true, mode, files: [...files] };
  }
  if (kept.length + files.length > UPLOAD_LIMITS.maxFiles) return { ok: false, msg: MSG.maxFiles(UPLOAD_LIMITS.maxFiles) };
  if (files.some((f) => f.size > UPLOAD_LIMITS.fileBytes)) return { ok: false, msg: MSG.fileTooLarge };
  const total = kept.reduce((s, a) => s + a.size, 0) + files.reduce((s, f) => s + f.size, 0);
  if (total > UPLOAD_LIMITS.totalBytes) return { ok: false, msg: MSG.filesTotalTooLarge };
  return { ok: true, mode, files: [...files] };
}

function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
