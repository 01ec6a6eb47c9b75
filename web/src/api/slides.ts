import { MSG, type PptCreated, type PptPreview, type PptTaskInfo, type PptTemplate } from '@wanxiang/contract';
import { streamChat, type ChatStreamBody, type ChatStreamItem } from './chat-stream';
import { apiUrl, authHeaders, get, post, RequestError } from './request';

/** Presentations (docs/product/mindmap-and-slides.md §7): outline stream, templates, build task, preview, download. */

/** The outline of a chat message or topic, streamed (meta, text..., done | error | refusal). */
export function streamPptOutline(content: string, signal?: AbortSignal): AsyncGenerator<ChatStreamItem, void, undefined> {
  const body: ChatStreamBody & { content: string } = { prompt: content, content };
  return streamChat({ model: 'v35', path: '/v1/ppt/outline', body, signal });
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

/** The file name of a Content-Disposition header (RFC 5987 filename* first). */
export function dispositionName(header: string | null, fallback = 'AI PPT.pptx'): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
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
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) };
}
