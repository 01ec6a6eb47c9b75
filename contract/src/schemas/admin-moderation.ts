import { z } from 'zod';
import { ADMIN_MSG } from '../msg/admin';
import { ADMIN_MODERATION_MSG as M } from '../msg/admin-moderation';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin';
import type { PersonaLine } from './personas';

/**
 * The moderation area of the operator's API (docs/api.md "Admin: moderation", docs/admin.md "Moderation"): queues of
 * personas waiting for review, reported shared models, reported chat replies and the pictures of the gallery, each
 * `{list, total, page, size}` with a status filter, and one action per state change. Admin role required.
 */

export const MOD_PERSONA_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ModPersonaStatus = (typeof MOD_PERSONA_STATUSES)[number];
export const MOD_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ModReportStatus = (typeof MOD_REPORT_STATUSES)[number];
export const MOD_IMAGE_STATUSES = ['listed', 'hidden', 'taken_down'] as const;
export type ModImageStatus = (typeof MOD_IMAGE_STATUSES)[number];

/** Audit action codes of the moderation area. */
export const ADMIN_MODERATION_ACTIONS = [
  'moderation.persona_approve',
  'moderation.persona_reject',
  'moderation.model_dismiss',
  'moderation.model_takedown',
  'moderation.chat_dismiss',
  'moderation.chat_confirm',
  'moderation.image_takedown',
  'moderation.image_restore',
] as const;

export const MOD_REASON_MAX = 200;

// ---- Fields

const page = z.coerce
  .number({ error: ADMIN_MSG.adminPageInvalid })
  .int({ error: ADMIN_MSG.adminPageInvalid })
  .min(1, { error: ADMIN_MSG.adminPageInvalid })
  .max(100_000, { error: ADMIN_MSG.adminPageInvalid })
  .default(1);
const size = z.coerce
  .number({ error: ADMIN_MSG.adminSizeInvalid })
  .int({ error: ADMIN_MSG.adminSizeInvalid })
  .min(1, { error: ADMIN_MSG.adminSizeInvalid })
  .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_MSG.adminSizeInvalid })
  .default(ADMIN_PAGE_SIZE_DEFAULT);
const reason = (error: string) => z.string({ error }).trim().min(1, { error }).max(MOD_REASON_MAX, { error });
const note = z.string({ error: M.modNoteInvalid }).trim().max(MOD_REASON_MAX, { error: M.modNoteInvalid }).default('');

// ---- Requests

/** :id of every moderation action (a persona, a shared model, a chat report or a published picture). */
export const ModIdSchema = z.object({
  id: z.coerce.number({ error: M.modIdInvalid }).int({ error: M.modIdInvalid }).min(1, { error: M.modIdInvalid }).max(Number.MAX_SAFE_INTEGER, { error: M.modIdInvalid }),
});

export const ModPersonaQuerySchema = z.object({
  status: z.enum(MOD_PERSONA_STATUSES, { error: M.modPersonaStatusInvalid }).default('pending'),
  page,
  size,
});
export type ModPersonaQuery = z.infer<typeof ModPersonaQuerySchema>;

export const ModReportQuerySchema = z.object({
  status: z.enum(MOD_REPORT_STATUSES, { error: M.modReportStatusInvalid }).default('open'),
  page,
  size,
});
export type ModReportQuery = z.infer<typeof ModReportQuerySchema>;

export const ModImageQuerySchema = z.object({
  status: z.enum(MOD_IMAGE_STATUSES, { error: M.modImageStatusInvalid }).default('listed'),
  page,
  size,
});
export type ModImageQuery = z.infer<typeof ModImageQuerySchema>;

/** POST .../personas/:id/reject: the reason its author sees. */
export const ModRejectSchema = z.object({ reason: reason(M.modRejectReasonInvalid) });
/** POST .../takedown (shared model, picture): why, kept with the item and in the audit log. */
export const ModTakedownSchema = z.object({ reason: reason(M.modTakedownReasonInvalid) });
/** POST .../dismiss, .../confirm: an optional note. */
export const ModNoteSchema = z.object({ note });

// ---- Answers

/** An account as a moderator sees it (author or reporter). */
export interface ModUser {
  id: number;
  nick: string;
  phone: string;
}

export interface ModPage<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export interface ModPersonaItem {
  id: number;
  title: string;
  description: string;
  avatar: string;
  emoji: string;
  context: PersonaLine[];
  status: ModPersonaStatus;
  reviewReason: string;
  reviewedAt: string | null;
  /** null for a built-in persona. */
  author: ModUser | null;
  createdAt: string;
}

export interface ModModelReport {
  reporter: ModUser;
  reason: string;
  status: ModReportStatus;
  createdAt: string;
}

/** A reported shared model with the reports of the asked status. */
export interface ModModelItem {
  id: number;
  name: string;
  description: string;
  apiUrl: string;
  modelId: string;
  /** The card's status: 1 listed, 0 hidden by its author, 4 hidden after reports, 5 taken down by an operator. */
  cardStatus: number;
  author: ModUser;
  reports: ModModelReport[];
  lastReportAt: string;
}

export interface ModChatReportItem {
  id: number;
  reporter: ModUser;
  messageId: string;
  conversationId: string;
  model: string;
  /** 1 harmful, 2 vulgar, 3 abuse, 4 illegal, 5 other. */
  category: number;
  reason: string;
  /** The reply's text as the reporter saw it. */
  excerpt: string;
  status: ModReportStatus;
  handleNote: string;
  handledAt: string | null;
  createdAt: string;
}

export interface ModImageItem {
  id: number;
  title: string;
  tool: string;
  width: number;
  height: number;
  /** The admin's thumbnail route (any status; send the token like other protected files). */
  thumbUrl: string;
  imageUrl: string;
  status: ModImageStatus;
  takedownReason: string;
  likes: number;
  /** Reports that count towards hiding it: since the last restore (the ones before it were judged). */
  reports: number;
  author: ModUser;
  createdAt: string;
}
