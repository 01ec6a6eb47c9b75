import type { ImgCreationPage, ImgLikeResult, ImgPublished, ImgPublishedInfo, ImgPublishPage, ImgReportReason } from '@wanxiang/contract';
import { get, post } from './request';

/**
 * The gallery and the drawing square (docs/api.md "Image", 绘画广场). Every call is silent: the
 * pages show the server's Chinese msg themselves (RequestError.msg), with their own fallback.
 */
const opts = { silent: true } as const;

export interface CreationFilter {
  tool?: string;
  /** A business day, YYYY-MM-DD. */
  date?: string;
  page: number;
}

export const fetchSquare = (page: number) => get<ImgPublishPage>('/v1/img/publishs', { page }, opts);
export const fetchPublishInfo = (id: number) => get<ImgPublishedInfo>('/v1/img/publishInfo', { id }, opts);
export const likePublished = (id: number) => post<ImgLikeResult>('/v1/img/publish_like', { id }, opts);
export const reportPublished = (id: number, reason: ImgReportReason, detail: string) => post<null>('/v1/img/publish_report', { id, reason, detail }, opts);
export const unpublish = (id: number) => post<null>('/v1/img/publish_delete', { id }, opts);
export const publishCreation = (taskId: string, title: string) => post<ImgPublished>('/v1/img/publish', { task_id: taskId, title }, opts);
export const fetchCreations = (f: CreationFilter) => get<ImgCreationPage>('/v1/img/creations', { tool: f.tool || undefined, date: f.date || undefined, page: f.page }, opts);
export const deleteCreation = (taskId: string) => post<null>('/v1/img/creations_delete', { task_id: taskId }, opts);
