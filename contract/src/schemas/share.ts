import { z } from 'zod';
import { SHARE_MSG as M } from '../msg/share';

/**
 * Read-only share links (/api/v1/share/{create,list,revoke}, page /s/{token}) and chat export
 * (/api/v1/chat/export/{conversationId}?format=md|docx|pdf).
 */

export const SHARE_KINDS = ['chat', 'battle'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const EXPORT_FORMATS = ['md', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const targetId = z.string({ error: M.shareIdRequired }).trim().min(1, { error: M.shareIdRequired }).max(64, { error: M.shareTargetNotFound });
const token = z.string({ error: M.shareTokenRequired }).trim().min(1, { error: M.shareTokenRequired }).max(64, { error: M.shareNotFound });

export const ShareCreateSchema = z.object({ kind: z.enum(SHARE_KINDS, { error: M.shareKindInvalid }), id: targetId });
export type ShareCreateReq = z.infer<typeof ShareCreateSchema>;
export const ShareRevokeSchema = z.object({ token });
export type ShareRevokeReq = z.infer<typeof ShareRevokeSchema>;
export const ChatExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS, { error: M.exportFormatInvalid }) });

/** One live share: `url` is absolute (the site's origin + /s/{token}). */
export interface ShareItem {
  token: string;
  kind: ShareKind;
  targetId: string;
  title: string;
  url: string;
  createdAt: string;
}
export interface ShareCreateRes {
  token: string;
  url: string;
}
export interface ShareListRes {
  list: ShareItem[];
}
