import type { ExportFormat, ShareCreateRes, ShareKind, ShareListRes } from '@wanxiang/contract';
import { post, get, apiUrl } from './request';
import { fetchProtectedFile, type DownloadedFile } from './tools';

/** Read-only share links and chat export (docs/api.md "Share and export"). */

export const createShare = (kind: ShareKind, id: string) => post<ShareCreateRes>('/v1/share/create', { kind, id }, { silent: true });
export const listShares = () => get<ShareListRes>('/v1/share/list', undefined, { silent: true });
export const revokeShare = (token: string) => post<null>('/v1/share/revoke', { token }, { silent: true });

/** GET /api/v1/chat/export/{conversationId}?format=md|docx|pdf: the chat as a file with the AI-content footer. */
export function exportChat(conversationId: string, format: ExportFormat, fallbackName: string): Promise<DownloadedFile> {
  return fetchProtectedFile(apiUrl(`/v1/chat/export/${encodeURIComponent(conversationId)}`, { format }), fallbackName);
}
