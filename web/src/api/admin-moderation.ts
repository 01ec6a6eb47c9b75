import type {
  ModChatReportItem,
  ModImageItem,
  ModImageQuery,
  ModImageStatus,
  ModModelItem,
  ModPage,
  ModPersonaItem,
  ModPersonaQuery,
  ModReportQuery,
  ModReportStatus,
} from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/**
 * The moderation area of the operator's API (docs/api.md "Admin: moderation"), used only by the console. Calls are
 * silent: the console shows the server's Chinese message where the action happened.
 */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;
const quiet = (opts: CallOptions): CallOptions => ({ silent: true, ...opts });

export function modPersonas(q: ModPersonaQuery, opts: CallOptions = {}): Promise<ModPage<ModPersonaItem>> {
  return get<ModPage<ModPersonaItem>>('/admin/moderation/personas', q, quiet(opts));
}
export function modApprovePersona(id: number): Promise<ModPersonaItem> {
  return post<ModPersonaItem>(`/admin/moderation/personas/${id}/approve`, {}, quiet({}));
}
export function modRejectPersona(id: number, reason: string): Promise<ModPersonaItem> {
  return post<ModPersonaItem>(`/admin/moderation/personas/${id}/reject`, { reason }, quiet({}));
}

export function modModelReports(q: ModReportQuery, opts: CallOptions = {}): Promise<ModPage<ModModelItem>> {
  return get<ModPage<ModModelItem>>('/admin/moderation/model-reports', q, quiet(opts));
}
export function modDecideModel(id: number, decision: { takedown: true; reason: string } | { takedown: false; note: string }): Promise<{ cardStatus: number }> {
  return decision.takedown
    ? post(`/admin/moderation/model-reports/${id}/takedown`, { reason: decision.reason }, quiet({}))
    : post(`/admin/moderation/model-reports/${id}/dismiss`, { note: decision.note }, quiet({}));
}

export function modChatReports(q: ModReportQuery, opts: CallOptions = {}): Promise<ModPage<ModChatReportItem>> {
  return get<ModPage<ModChatReportItem>>('/admin/moderation/chat-reports', q, quiet(opts));
}
export function modDecideChat(id: number, confirm: boolean, note: string): Promise<{ status: ModReportStatus }> {
  return post(`/admin/moderation/chat-reports/${id}/${confirm ? 'confirm' : 'dismiss'}`, { note }, quiet({}));
}

export function modImages(q: ModImageQuery, opts: CallOptions = {}): Promise<ModPage<ModImageItem>> {
  return get<ModPage<ModImageItem>>('/admin/moderation/images', q, quiet(opts));
}
export function modDecideImage(id: number, decision: { takedown: true; reason: string } | { takedown: false }): Promise<{ status: ModImageStatus }> {
  return decision.takedown
    ? post(`/admin/moderation/images/${id}/takedown`, { reason: decision.reason }, quiet({}))
    : post(`/admin/moderation/images/${id}/restore`, {}, quiet({}));
}
