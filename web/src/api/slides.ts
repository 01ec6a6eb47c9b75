import { MSG, type PptCreated, type PptOutlineReq, type PptPreview, type PptTaskInfo, type PptTemplate } from '@wanxiang/contract';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';
import { apiUrl, authHeaders, get, post, RequestError } from './request';
import { dispositionName } from './save-file';

/** Presentations (docs/product/mindmap-and-slides.md §7): outline stream, templates, build task, preview, download. */

/**
 * The outline of a chat message or topic, or of an uploaded document ({fileId, from}), streamed
 * (meta, text..., done | error | refusal).
 */
export function pptOutlineStreamRequest(source: string | PptOutlineReq): Omit<ChatStreamOptions, 'signal'> {
  const req = typeof source === 'string' ? { content: source } : source;
  const body: ChatStreamBody & PptOutlineReq = { prompt: req.content ?? '', ...req };
  return { model: 'v35', path: '/v1/ppt/outline', body };
}

/** getpptTemplete(style, color). */
export function getPptTemplates(query: { style?: string; color?: string } = {}): Promise<PptTemplate[]> {
  return get<PptTemplate[]>('/v1/ppt/templete', query, { silent: true });
}

/** createNewPPT {id, content}; silent: the caller opens the quota dialog or shows the message. */
export function createPpt(id: string, content: string): Promise<PptCreated> {
  return post<PptCreated>('/v1/ppt/createNewPPT', { id, content }, { silent: true });
}

export function getPptTask(taskId: string): Promise<PptTaskInfo> {
  return get<PptTaskInfo>('/v1/ppt/task', { task_id: taskId }, { silent: true });
}

export function getPptPreview(taskId: string): Promise<PptPreview> {
  return get<PptPreview>('/v1/ppt/preview', { id: taskId }, { silent: true });
}


/** downPPT(task): the .pptx as a blob and its name; a JSON answer is the server's refusal. */
export async function downloadPpt(taskId: string): Promise<{ blob: Blob; name: string }> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/v1/ppt/down', { id: taskId }), { headers: authHeaders(), credentials: 'same-origin' });
  } catch {
    throw new RequestError(504, MSG.slidesDownloadFailed);
  }
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new RequestError(body?.code ?? res.status, body?.msg ?? MSG.slidesDownloadFailed);
  }
  if (!res.ok) throw new RequestError(res.status, MSG.slidesDownloadFailed);
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition'), 'AI PPT.pptx') };
}
