import type { AigcCheckReq, AigcFile, AigcMode, AigcRewrite, AigcTask, Envelope } from '@wanxiang/contract';
import { MSG } from '@wanxiang/contract';
import { apiUrl, authHeaders, get, post, RequestError } from '../../api/request';

/**
 * The AIGC calls (docs/api.md "AIGC detection"). Silent: the page shows the server's Chinese msg
 * itself (RequestError.msg) next to what failed.
 */
const opts = { silent: true } as const;

export const listFiles = () => get<{ list: AigcFile[] }>('/v1/aigc/files/list', undefined, opts);
export const deleteFile = (fileId: string) => post<null>('/v1/aigc/files/delete', { file_id: fileId }, opts);
export const emptyFiles = () => post<{ deleted: number }>('/v1/aigc/files/empty', {}, opts);

export const submitCheck = (req: AigcCheckReq) => post<{ task_id: string }>('/v1/aigc/task/check', req, opts);
export const listChecks = (mode: AigcMode, page = 1) =>
  get<{ list: AigcTask[]; total: number }>('/v1/aigc/task/list', { mode, page }, opts);
export const checkDetails = (taskId: string) => get<AigcTask>('/v1/aigc/task/details', { task_id: taskId }, opts);
export const deleteCheck = (taskId: string) => post<null>('/v1/aigc/task/delete', { task_id: taskId }, opts);
export const emptyChecks = () => post<{ deleted: number }>('/v1/aigc/task/empty', {}, opts);

export const submitRewrite = (taskId: string, index: number) =>
  post<{ rewrite_id: string }>('/v1/aigc/task/rewrite', { task_id: taskId, index }, opts);
export const listRewrites = (taskId: string) => get<{ list: AigcRewrite[] }>('/v1/aigc/task/rewriteList', { task_id: taskId }, opts);
export const deleteRewrite = (rewriteId: string) => post<null>('/v1/aigc/task/deleteRewrite', { rewrite_id: rewriteId }, opts);
export const emptyRewrites = (taskId: string) => post<{ deleted: number }>('/v1/aigc/task/emptyRewrite', { task_id: taskId }, opts);

/** POST /api/v1/aigc/files/upload (multipart `file`): one document into the library. */
export async function uploadLibraryFile(file: File): Promise<AigcFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(apiUrl('/v1/aigc/files/upload'), {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', ...authHeaders() },
      credentials: 'same-origin',
    });
  } catch {
    throw new RequestError(504, MSG.networkError);
  }
  const body = (await res.json().catch(() => null)) as Envelope<AigcFile> | null;
  if (body?.code === 200 && body.data) return body.data;
  throw new RequestError(body?.code ?? res.status, body?.msg || MSG.toolFormUploadFailed, body);
}
