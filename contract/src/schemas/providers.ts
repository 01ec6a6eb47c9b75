import { z } from 'zod';
import { MSG } from '../messages';
import { HistoryMessageSchema } from './chat';

/**
 * Custom providers and models (docs/product/custom-models.md §3, §4, §7: /api/v1/user/models/*, chat2/getModelMax,
 * chat2/completionsModel).
 * Keys travel only browser -> server; answers carry `key_hint` (like `sk-****abcd`), never the key.
 */

export const MODEL_FUNCTIONS = ['llm', 'vision', 'tools'] as const;
export type ModelFunction = (typeof MODEL_FUNCTIONS)[number];
/** Prefix of a custom model's chat key (`custom-<id>`). */
export const CUSTOM_MODEL_PREFIX = 'custom-';

const status = z.union([z.literal(0), z.literal(1)]).default(1);
const company = z
  .string({ error: MSG.providersCompanyRequired })
  .trim()
  .min(1, { error: MSG.providersCompanyRequired })
  .max(64, { error: MSG.providersCompanyTooLong });
const apiUrl = z
  .string({ error: MSG.providersApiUrlRequired })
  .trim()
  .min(1, { error: MSG.providersApiUrlRequired })
  .max(500, { error: MSG.providersApiUrlInvalid })
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { error: MSG.providersApiUrlInvalid });
const id = z.coerce.number({ error: '参数 id 必须是正整数' }).int().positive({ error: '参数 id 必须是正整数' }).max(Number.MAX_SAFE_INTEGER);

/** POST add.company: every field required. */
export const ProviderAddSchema = z.object({
  company,
  api_url: apiUrl,
  api_key: z
    .string({ error: MSG.providersApiKeyRequired })
    .trim()
    .min(1, { error: MSG.providersApiKeyRequired })
    .max(512, { error: MSG.providersApiKeyTooLong }),
  status,
});
export type ProviderAddReq = z.input<typeof ProviderAddSchema>;

/** POST editor.company: an empty api_key keeps the stored one; `id` renames a saved provider. */
export const ProviderEditSchema = z.object({
  id: id.optional(),
  company,
  api_url: apiUrl,
  api_key: z.string().trim().max(512, { error: MSG.providersApiKeyTooLong }).optional().default(''),
  status,
});
export type ProviderEditReq = z.input<typeof ProviderEditSchema>;

/** POST info. */
export const ProviderInfoSchema = z.object({ company });

const modelFields = {
  model_id: z
    .string({ error: MSG.providersModelIdRequired })
    .trim()
    .min(1, { error: MSG.providersModelIdRequired })
    .max(128, { error: MSG.providersModelIdTooLong }),
  namespace: z
    .string({ error: MSG.providersNamespaceRequired })
    .trim()
    .min(1, { error: MSG.providersNamespaceRequired })
    .max(64, { error: MSG.providersNamespaceTooLong }),
  functions: z
    .array(z.enum(MODEL_FUNCTIONS, { error: MSG.providersFunctionsRequired }), { error: MSG.providersFunctionsRequired })
    .min(1, { error: MSG.providersFunctionsRequired })
    .max(3, { error: MSG.providersFunctionsRequired })
    .transform((fns) => [...new Set(fns)]),
  status,
  consume_points: z.coerce.number().int().min(0).max(10_000).optional().default(0),
  only_points: z.boolean().optional().default(false),
};

/** POST add.model. */
export const ModelAddSchema = z.object({ company, ...modelFields });
export type ModelAddReq = z.input<typeof ModelAddSchema>;

/** POST editor.model. */
export const ModelEditSchema = z.object({ id, ...modelFields });
export type ModelEditReq = z.input<typeof ModelEditSchema>;

/** POST delete.model. */
export const ModelDeleteSchema = z.object({ id });

/** One provider as the browser sees it. */
export interface ProviderView {
  id: number;
  company: string;
  api_url: string;
  /** Like `sk-****abcd`; the key itself never leaves the server. */
  key_hint: string;
  status: 0 | 1;
}

/** A known provider's defaults (selecting it fills the form when nothing is saved). */
export interface ProviderPreset {
  company: string;
  api_url: string;
  /** Where to get a key. */
  site: string;
}

export interface ProviderListRes {
  list: ProviderView[];
  presets: ProviderPreset[];
}

export interface ServiceModelView {
  id: number;
  company_id: number;
  model_id: string;
  namespace: string;
  functions: ModelFunction[];
  status: 0 | 1;
  consume_points: number;
  only_points: boolean;
}

/** POST info: the saved provider (null when none) and its models. */
export interface ProviderDetailRes {
  provider: ProviderView | null;
  models: ServiceModelView[];
}

/** GET model.list: a custom model as a chat menu entry (docs/product/custom-models.md §3, minus api_key). */
export interface CustomModelEntry {
  id: number;
  key: string;
  icon: string;
  label: string;
  isFree: boolean;
  tags: string[];
  vipTag: string;
  resloveType: 'customer';
  uploadLimit: number;
  consume_points: number;
  only_points: boolean;
  functions: ModelFunction[];
  company: string;
  model_id: string;
  /** The provider's base URL without credentials or query. */
  api_url: string;
}

/** GET chat2/getModelMax: the slot meter. */
export interface ModelSlotsRes {
  used: number;
  max: number;
}

/** POST chat2/completionsModel: the chat body plus which custom model. */
export const CompletionsModelSchema = z
  .object({
    model_id: z.union([
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .trim()
        .regex(/^(custom-)?\d{1,15}$/, { error: MSG.providersModelUnavailable }),
    ], { error: MSG.providersModelUnavailable }),
    prompt: z.string().max(100_000, { error: '问题内容过长' }).optional(),
    ask: z.string().max(100_000, { error: '问题内容过长' }).optional(),
    messages: z.array(HistoryMessageSchema).max(200, { error: '历史消息过多' }).optional(),
    conversationId: z.string().trim().min(1).max(64).optional(),
    messageId: z.string().trim().min(1).max(64).optional(),
  })
  .transform((b) => ({
    ...b,
    modelRowId: typeof b.model_id === 'number' ? b.model_id : Number(b.model_id.replace(CUSTOM_MODEL_PREFIX, '')),
    prompt: (b.prompt ?? b.ask ?? '').trim(),
  }))
  .refine((b) => b.prompt.length > 0, { error: MSG.askEmpty, path: ['prompt'] });
export type CompletionsModelReq = z.input<typeof CompletionsModelSchema>;
