import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_MSG as M,
  API_KEYS_PER_USER,
  apiKeyHint,
  Code,
  type ApiKeyCreateRes,
  type ApiKeyItem,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import { effectiveVip } from '../shop/membership';
import { countLiveKeys, findKeyOwner, insertKey, renameKey, revokeKey, selectLiveKeys, touchKey, type ApiKeyRow } from './store';

/**
 * Members' API keys (docs/openai-api.md): create (the key answered once), list, rename, revoke, and the lookup the
 * /v1 API makes for every request. Only a key's SHA-256 is stored.
 */

export type ApiKeysContext = Pick<AppContext, 'database' | 'moduleStates'>;

/** `wx-` + 40 url-safe characters (30 random bytes, 240 bits). */
export function newApiKey(): { key: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(30).toString('base64url');
  return { key, hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Cheap shape check, so garbage never reaches the database. */
export const looksLikeApiKey = (s: string) => s.startsWith(API_KEY_PREFIX) && /^wx-[\w-]{40}$/.test(s);

const toItem = (r: ApiKeyRow): ApiKeyItem => ({
  id: r.id,
  name: r.name,
  hint: r.hint,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** Only members create keys (docs/openai-api.md "Keys"); at most API_KEYS_PER_USER live ones. */
export async function createApiKey(ctx: ApiKeysContext, user: Pick<AuthUser, 'id' | 'vip'>, name: string): Promise<ApiKeyCreateRes> {
  if (user.vip <= 0) throw new AppError(Code.FORBIDDEN, M.apiKeyMembersOnly);
  if ((await countLiveKeys(ctx.database.db, user.id)) >= API_KEYS_PER_USER)
    throw new AppError(Code.BAD_REQUEST, M.apiKeyTooMany(API_KEYS_PER_USER));
  const { key, hash } = newApiKey();
  const row = await insertKey(ctx.database.db, { userId: user.id, name, keyHash: hash, hint: apiKeyHint(key) });
  return { ...toItem(row), key };
}

export async function listApiKeys(ctx: ApiKeysContext, userId: number): Promise<ApiKeyItem[]> {
  return (await selectLiveKeys(ctx.database.db, userId)).map(toItem);
}

/** Rename one of the caller's keys; another user's id is not found. */
export async function renameApiKey(ctx: ApiKeysContext, userId: number, id: number, name: string): Promise<void> {
  if (!(await renameKey(ctx.database.db, userId, id, name))) throw new AppError(Code.NOT_FOUND, M.apiKeyNotFound);
}

/** Revoke one of the caller's keys: refused at once on this process, within KEY_CACHE_TTL_MS on the others. */
export async function revokeApiKey(ctx: ApiKeysContext, userId: number, id: number, at: Date = new Date()): Promise<void> {
  const hash = await revokeKey(ctx.database.db, userId, id, at);
  if (!hash) throw new AppError(Code.NOT_FOUND, M.apiKeyNotFound);
  keyCache(ctx).delete(hash);
}

// ---- The /v1 lookup

/** The caller of a /v1 request: the key's owner, and which key. */
export interface KeyCaller {
  user: AuthUser;
  keyId: number;
}

/** How long a looked-up key is trusted without asking the database (a revoke elsewhere, a vip change take this long). */
export const KEY_CACHE_TTL_MS = 10_000;
/** last_used_at is written at most this often per key, after the answer started (never on the hot path). */
const TOUCH_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;

interface Cached {
  caller: KeyCaller;
  until: number;
}

const keyCache = (ctx: Pick<AppContext, 'moduleStates'>) => ctx.moduleStates.get('api-keys:cache', () => new Map<string, Cached>());
const touchedAt = (ctx: Pick<AppContext, 'moduleStates'>) => ctx.moduleStates.get('api-keys:touched', () => new Map<number, number>());

/** The owner of a live key (null: unknown, revoked, or a banned account). Cached briefly: it runs before every /v1 byte. */
export async function authenticateApiKey(ctx: ApiKeysContext, key: string, at: Date = new Date()): Promise<KeyCaller | null> {
  if (!looksLikeApiKey(key)) return null;
  const hash = hashApiKey(key);
  const cache = keyCache(ctx);
  const now = at.getTime();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.caller;
  const row = await findKeyOwner(ctx.database.db, hash);
  if (!row) {
    cache.delete(hash);
    return null;
  }
  const caller: KeyCaller = {
    keyId: row.keyId,
    user: { id: row.userId, vip: effectiveVip(row, at), phone: row.phone, role: row.role === 'admin' ? 'admin' : 'user', tokenId: 0 },
  };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(hash, { caller, until: now + KEY_CACHE_TTL_MS });
  return caller;
}

/** Record that a key was used (the console's 最近使用), at most once a minute per key; failures are only logged by the caller. */
export async function markApiKeyUsed(ctx: ApiKeysContext, keyId: number, at: Date = new Date()): Promise<void> {
  const seen = touchedAt(ctx);
  const last = seen.get(keyId) ?? 0;
  if (at.getTime() - last < TOUCH_EVERY_MS) return;
  if (seen.size >= MAX_CACHED) seen.clear();
  seen.set(keyId, at.getTime());
  await touchKey(ctx.database.db, keyId, at, new Date(at.getTime() - TOUCH_EVERY_MS));
}
