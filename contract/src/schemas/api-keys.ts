import { z } from 'zod';
import { API_KEYS_MSG as M } from '../msg/api-keys';

/**
 * Members' API keys for our OpenAI-compatible API (docs/openai-api.md): /api/v1/user/apikey/{create,list,rename,revoke}.
 * A key is answered once, by create; afterwards only its prefix and last four characters are shown.
 */

/** `wx-` and 40 url-safe characters. */
export const API_KEY_PREFIX = 'wx-';
export const API_KEY_NAME_MAX = 32;
/** Live (unrevoked) keys one member may keep. */
export const API_KEYS_PER_USER = 20;

const name = z
  .string({ error: M.apiKeyNameRequired })
  .trim()
  .min(1, { error: M.apiKeyNameRequired })
  .max(API_KEY_NAME_MAX, { error: M.apiKeyNameTooLong(API_KEY_NAME_MAX) });
const id = z.coerce
  .number({ error: M.apiKeyIdInvalid })
  .int({ error: M.apiKeyIdInvalid })
  .positive({ error: M.apiKeyIdInvalid })
  .max(Number.MAX_SAFE_INTEGER);

export const ApiKeyCreateSchema = z.object({ name });
export type ApiKeyCreateReq = z.infer<typeof ApiKeyCreateSchema>;
export const ApiKeyRenameSchema = z.object({ id, name });
export type ApiKeyRenameReq = z.infer<typeof ApiKeyRenameSchema>;
export const ApiKeyIdSchema = z.object({ id });
export type ApiKeyIdReq = z.infer<typeof ApiKeyIdSchema>;

/** One key as listed: `hint` like `wx-abcd…wxyz`, never the key. Times are ISO strings. */
export interface ApiKeyItem {
  id: number;
  name: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}
/** create: the key itself, answered this once. */
export interface ApiKeyCreateRes extends ApiKeyItem {
  key: string;
}
export interface ApiKeyListRes {
  list: ApiKeyItem[];
}

/** What the list shows of a key: the prefix with four characters, then the last four. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}
