import { z } from 'zod';
import { MSG } from '../messages';

/**
 * The local prompt library (docs/product/prompts-and-personas.md §3, §5). Templates live
 * in the browser (prompt_storage); the server only downloads a list from a URL for the
 * network-import panel, so the same parsing rules serve file import and network import.
 */

/** A prompt template: key is the title, value the prompt text. */
export interface PromptTemplate {
  key: string;
  value: string;
}

export const PROMPT_TITLE_MAX = 100;
export const PROMPT_CONTENT_MAX = 10_000;
/** Most templates one import takes; a longer list is cut, not refused. */
export const PROMPT_IMPORT_MAX = 2_000;

/** Title and content of the add/edit form. */
export const PromptTemplateSchema = z.object({
  key: z
    .string({ error: MSG.promptTitleRequired })
    .trim()
    .min(1, { error: MSG.promptTitleRequired })
    .max(PROMPT_TITLE_MAX, { error: MSG.promptTitleTooLong }),
  value: z
    .string({ error: MSG.promptContentRequired })
    .trim()
    .min(1, { error: MSG.promptContentRequired })
    .max(PROMPT_CONTENT_MAX, { error: MSG.promptContentTooLong }),
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Which pair of fields a list uses, judged by its first item as the spec says; null when neither. */
export function promptListShape(list: unknown): 'key' | 'act' | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const first: unknown = list[0];
  if (!isRecord(first)) return null;
  if ('key' in first && 'value' in first) return 'key';
  if ('act' in first && 'prompt' in first) return 'act';
  return null;
}

/**
 * Templates from an imported list (a JSON array whose first item has key+value or act+prompt).
 * Answers null when the list is not of that shape; items further down without both fields are skipped.
 */
export function parsePromptList(list: unknown): PromptTemplate[] | null {
  const shape = promptListShape(list);
  if (!shape) return null;
  const [titleField, bodyField] = shape === 'key' ? ['key', 'value'] : ['act', 'prompt'];
  const out: PromptTemplate[] = [];
  for (const item of list as unknown[]) {
    if (!isRecord(item)) continue;
    const key = text(item[titleField]).slice(0, PROMPT_TITLE_MAX);
    const value = text(item[bodyField]).slice(0, PROMPT_CONTENT_MAX);
    if (key && value) out.push({ key, value });
    if (out.length >= PROMPT_IMPORT_MAX) break;
  }
  return out.length ? out : null;
}

/** An absolute http(s) URL as typed in the network-import panel. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]/i.test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** POST /api/v1/prompt/fetch: the server downloads a prompt list from a public URL. */
export const PromptFetchSchema = z.object({
  url: z
    .string({ error: MSG.promptUrlInvalid })
    .trim()
    .min(1, { error: MSG.promptUrlInvalid })
    .max(2048, { error: MSG.promptUrlInvalid })
    .refine(isHttpUrl, { error: MSG.promptUrlInvalid }),
});
export type PromptFetchReq = z.infer<typeof PromptFetchSchema>;

export interface PromptFetchRes {
  list: PromptTemplate[];
}
