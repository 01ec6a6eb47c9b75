import type { DocSourceRes, DocSourceUse } from '@wanxiang/contract';
import { post } from './request';

/**
 * POST /api/v1/docSource/upload (docs/product/mindmap-and-slides.md §11): a document read with its headings or slide
 * titles, kept as the caller's upload; its fileId then goes to the mind map or outline stream. Silent: the
 * upload box shows the refusal where it happened.
 */
export function uploadDocSource(use: DocSourceUse, file: File, signal?: AbortSignal): Promise<DocSourceRes> {
  const form = new FormData();
  // The use goes before the file: the server reads fields in order.
  form.append('use', use);
  form.append('file', file, file.name);
  return post<DocSourceRes>('/v1/docSource/upload', form, { silent: true, signal });
}
