import type { ImportType, MediaImportRes, UploadRes } from '@wanxiang/contract';
import { post } from './request';

/**
 * Attachments and imports (docs/product/uploads.md §7). Every call is silent:
 * the chip or the import dialog shows the failure where it happened, not in a corner notice.
 */

/** POST /api/v1/file/yfoo.upload: one image or document, parsed on the server. */
export function uploadAttachment(file: File, signal?: AbortSignal): Promise<UploadRes> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<UploadRes>('/v1/file/yfoo.upload', form, { silent: true, signal });
}

/** The import dialog's file tab: audio or video to text, or a saved .html page. */
export function importFile(type: ImportType, file: File): Promise<MediaImportRes> {
  const form = new FormData();
  // The type goes before the file: the server reads fields in order.
  form.append('type', type);
  form.append('file', file, file.name);
  return post<MediaImportRes>(type === 'web' ? '/v1/media/htmlFile2txt' : '/v1/media/audioFile2txt', form, { silent: true });
}

/** The import dialog's link tab: a web page, or an audio / video file behind a link. */
export function importLink(type: ImportType, url: string): Promise<MediaImportRes> {
  if (type === 'web') return post<MediaImportRes>('/v1/media/webLink2txt', { url }, { silent: true });
  return post<MediaImportRes>('/v1/media/mediaLink2txt', { file_url: url, type }, { silent: true });
}
