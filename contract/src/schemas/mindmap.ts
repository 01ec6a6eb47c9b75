import { z } from 'zod';
import { MSG } from '../messages';
import { pageField } from './common';
import { docSourceFileId } from './doc-source';

/** Request and answer shapes of the mind map (2.8, 7.5) and the shared custom models (7.4 chat2 family). */

// ---- Mind map ----

/** Longest source text a mind map is drawn from (a long chat answer fits). */
export const MINDMAP_CONTENT_MAX = 20_000;

/**
 * POST /api/v1/mindmap/generate: the chat message's text (and an optional title), or `fileId`, the caller's
 * uploaded document or transcript (docs/product/mindmap-and-slides.md §11); answers a chat stream of markdown.
 */
export const MindMapGenerateSchema = z
  .object({
    content: z.string({ error: MSG.mindmapContentRequired }).trim().max(MINDMAP_CONTENT_MAX, { error: MSG.mindmapContentTooLong }).optional(),
    title: z.string().trim().max(100).optional(),
    fileId: docSourceFileId.optional(),
  })
  .refine((b) => Boolean(b.content || b.fileId), { error: MSG.mindmapContentRequired, path: ['content'] });
export type MindMapGenerateRequest = z.input<typeof MindMapGenerateSchema>;

// ---- Shared custom models ----

export const SHARED_MODEL_FUNCTIONS = ['llm', 'vision', 'tools'] as const;
export type SharedModelFunction = (typeof SHARED_MODEL_FUNCTIONS)[number];
export const SHARED_MODEL_PAGE_SIZE = 12;
export const SHARED_MODEL_COMMENT_PAGE_SIZE = 20;
export const SHARED_MODEL_TEXT_MAX = 500;

/** A model id as sent by the page (number or numeric string). */
const midField = z.coerce
  .number({ error: MSG.sharedModelIdRequired })
  .int({ error: MSG.sharedModelIdRequired })
  .min(1, { error: MSG.sharedModelIdRequired })
  .max(Number.MAX_SAFE_INTEGER, { error: MSG.sharedModelIdRequired });

const httpUrl = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(500, { error: invalid })
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { error: invalid });

/** getModels: url 'mine' lists the caller's own cards; sort 'hot' = most liked first. */
export const SharedModelListSchema = z.object({
  url: z.string().trim().max(200).optional(),
  page: pageField,
  keyword: z.string().trim().max(100).optional().default(''),
  sort: z.enum(['new', 'hot']).optional().default('new'),
});
export type SharedModelListRequest = z.input<typeof SharedModelListSchema>;

export const SharedModelIdSchema = z.object({ mid: midField });
export const SharedModelCommentsSchema = z.object({ mid: midField, page: pageField });

export const SharedModelFormSchema = z.object({
  name: z
    .string({ error: MSG.sharedModelNameRequired })
    .trim()
    .min(1, { error: MSG.sharedModelNameRequired })
    .max(64, { error: MSG.sharedModelNameTooLong }),
  description: z.string().trim().max(SHARED_MODEL_TEXT_MAX, { error: MSG.sharedModelDescriptionTooLong }).optional().default(''),
  icon: z
    .string()
    .trim()
    .max(500, { error: MSG.sharedModelIconInvalid })
    .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), { error: MSG.sharedModelIconInvalid })
    .optional()
    .default(''),
  api_url: httpUrl(MSG.sharedModelApiUrlRequired, MSG.sharedModelApiUrlInvalid),
  model_id: z
    .string({ error: MSG.sharedModelModelIdRequired })
    .trim()
    .min(1, { error: MSG.sharedModelModelIdRequired })
    .max(128, { error: MSG.sharedModelModelIdTooLong }),
  functions: z
    .array(z.enum(SHARED_MODEL_FUNCTIONS, { error: MSG.sharedModelFunctionsRequired }), { error: MSG.sharedModelFunctionsRequired })
    .min(1, { error: MSG.sharedModelFunctionsRequired })
    .max(3, { error: MSG.sharedModelFunctionsRequired })
    .transform((list) => [...new Set(list)]),
});
export type SharedModelForm = z.input<typeof SharedModelFormSchema>;

export const SharedModelEditSchema = SharedModelFormSchema.extend({ mid: midField });

export const SharedModelCommentSchema = z.object({
  mid: midField,
  content: z
    .string({ error: MSG.sharedModelCommentRequired })
    .trim()
    .min(1, { error: MSG.sharedModelCommentRequired })
    .max(SHARED_MODEL_TEXT_MAX, { error: MSG.sharedModelCommentTooLong }),
});

export const SharedModelReportSchema = z.object({
  mid: midField,
  reason: z
    .string({ error: MSG.sharedModelReportReasonRequired })
    .trim()
    .min(1, { error: MSG.sharedModelReportReasonRequired })
    .max(SHARED_MODEL_TEXT_MAX, { error: MSG.sharedModelReportReasonTooLong }),
});

/** A card as the list and detail answer it (never a key). */
export interface SharedModelCard {
  id: number;
  name: string;
  description: string;
  icon: string;
  api_url: string;
  model_id: string;
  functions: SharedModelFunction[];
  likes: number;
  comments: number;
  adds: number;
  /** The caller liked it (false for visitors). */
  liked: boolean;
  /** The caller published it. */
  mine: boolean;
  author: string;
  created_at: string;
  /** Why an operator took it off 模型广场: only on the author's own card, only once taken down. */
  takedown_reason?: string;
}

export interface SharedModelPage {
  list: SharedModelCard[];
  total: number;
  page: number;
  size: number;
}

export interface SharedModelComment {
  id: number;
  content: string;
  author: string;
  created_at: string;
}

export interface SharedModelCommentPage {
  list: SharedModelComment[];
  total: number;
  page: number;
  size: number;
}

export interface SharedModelLikeResult {
  liked: boolean;
  likes: number;
}

/** addModel: what the add-provider form is prefilled with (the user types their own key). */
export interface SharedModelAddResult {
  company: string;
  api_url: string;
  model_id: string;
  functions: SharedModelFunction[];
  adds: number;
}
