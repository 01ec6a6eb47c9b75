import { z } from 'zod';
import { MSG } from '../messages';
import { ChatRoleSchema } from './chat';
import { isHttpUrl } from './prompts';

/**
 * Personas / AI roles (docs/product/prompts-and-personas.md §3, §5, §7 `GET /api/v1/nika/list`, `POST /api/persona`).
 * status: 1 normal (approved), 4 pending review (shown orange), anything else refused (shown red).
 */
export const PERSONA_STATUS = { approved: 1, pending: 4, refused: 2 } as const;

export const PERSONA_TITLE_MAX = 50;
export const PERSONA_DESCRIPTION_MAX = 500;
export const PERSONA_LINES_MAX = 20;
export const PERSONA_LINE_MAX = 4_000;
export const PERSONA_AVATAR_MAX = 1_024;

export const PersonaLineSchema = z.object({
  role: z.enum(ChatRoleSchema.options, { error: MSG.personaRoleRequired }),
  content: z
    .string({ error: MSG.personaContentRequired })
    .trim()
    .min(1, { error: MSG.personaContentRequired })
    .max(PERSONA_LINE_MAX, { error: MSG.personaContentTooLong }),
});
export type PersonaLine = { role: z.infer<typeof ChatRoleSchema>; content: string };

/**
 * Body of POST /api/persona. Fields are checked in the spec's order (dialogue, role, content,
 * avatar, title), so the first message a person sees is the one the spec lists first.
 */
export const PersonaAddSchema = z.object({
  context: z
    .array(PersonaLineSchema, { error: MSG.personaNeedDialogue })
    .min(1, { error: MSG.personaNeedDialogue })
    .max(PERSONA_LINES_MAX, { error: MSG.personaTooManyLines }),
  avatar: z
    .string({ error: MSG.personaAvatarRequired })
    .trim()
    .min(1, { error: MSG.personaAvatarRequired })
    .max(PERSONA_AVATAR_MAX, { error: MSG.personaAvatarInvalid })
    .refine(isHttpUrl, { error: MSG.personaAvatarInvalid }),
  title: z
    .string({ error: MSG.personaTitleRequired })
    .trim()
    .min(1, { error: MSG.personaTitleRequired })
    .max(PERSONA_TITLE_MAX, { error: MSG.personaTitleTooLong }),
  description: z.string().trim().max(PERSONA_DESCRIPTION_MAX, { error: MSG.personaDescriptionTooLong }).optional().default(''),
  emoji: z.string().trim().max(16).optional().default(''),
});
export type PersonaAddReq = z.input<typeof PersonaAddSchema>;
export type PersonaAddInput = z.output<typeof PersonaAddSchema>;

/** GET /api/v1/nika/list: keyword search over title and description, paged. */
export const PersonaListSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  page: z.coerce.number({ error: '参数 page 必须是正整数' }).int().min(1).max(10_000).default(1),
  rows: z.coerce.number({ error: '参数 rows 必须是正整数' }).int().min(1).max(50).default(12),
});
export type PersonaListReq = z.infer<typeof PersonaListSchema>;

export const PersonaIdSchema = z.object({
  id: z.coerce
    .number({ error: MSG.personaNotFound })
    .int({ error: MSG.personaNotFound })
    .positive({ error: MSG.personaNotFound })
    .max(Number.MAX_SAFE_INTEGER, { error: MSG.personaNotFound }),
});

export interface PersonaItem {
  id: number;
  title: string;
  description: string;
  avatar: string;
  emoji: string;
  context: PersonaLine[];
  status: number;
  /** The caller wrote it (their own personas are listed whatever their status). */
  mine: boolean;
  /** The author; null for the built-in personas. */
  user: { avatar: string; account: string } | null;
  /** Why a reviewer refused it: shown to its author only ('' for everyone else and when not refused). */
  reviewReason: string;
  createdAt: string;
}

export interface PersonaListRes {
  list: PersonaItem[];
  total: number;
  page: number;
  rows: number;
}

/** How a status reads and which color shows it (docs/product/prompts-and-personas.md §3: pending orange, refused red). */
export function personaStatusView(status: number): { label: string; color: 'green' | 'orange' | 'red' } {
  if (status === PERSONA_STATUS.approved) return { label: MSG.personaStatusApproved, color: 'green' };
  if (status === PERSONA_STATUS.pending) return { label: MSG.personaStatusPending, color: 'orange' };
  return { label: MSG.personaStatusRefused, color: 'red' };
}
