import type { WhiteboardDetail, WhiteboardDiagramAnswer, WhiteboardDiagramKind, WhiteboardScene, WhiteboardSummary } from '@wanxiang/contract';
import { get, post, request } from './request';

/**
 * The AI whiteboard's boards and diagrams (docs/api.md "AI whiteboard"). Silent calls: the page
 * shows the server's Chinese msg itself (RequestError.msg), so an autosave failure is one notice,
 * not a toast per keystroke.
 */
const opts = { silent: true } as const;

export const listBoards = () => get<{ list: WhiteboardSummary[] }>('/v1/whiteboards', undefined, opts);
export const createBoard = (title?: string) => post<WhiteboardSummary>('/v1/whiteboards', title ? { title } : {}, opts);
export const fetchBoard = (id: number) => get<WhiteboardDetail>(`/v1/whiteboards/${id}`, undefined, opts);
export const renameBoard = (id: number, title: string) => request<WhiteboardSummary>(`/v1/whiteboards/${id}`, { method: 'PATCH', body: { title }, ...opts });
export const saveBoardScene = (id: number, scene: WhiteboardScene) =>
  request<WhiteboardSummary>(`/v1/whiteboards/${id}/scene`, { method: 'PUT', body: { scene }, ...opts });
export const deleteBoard = (id: number) => request<null>(`/v1/whiteboards/${id}`, { method: 'DELETE', ...opts });
/** A diagram takes one model answer: allow longer than the default timeout. */
export const generateDiagram = (text: string, kind: WhiteboardDiagramKind) =>
  post<WhiteboardDiagramAnswer>('/v1/whiteboards/diagram', { text, kind }, { ...opts, timeoutMs: 60_000 });
