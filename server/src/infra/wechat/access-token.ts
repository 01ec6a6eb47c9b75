import type { KeyValueStore } from '../kv';

/**
 * WeChat access tokens, one holder per appid for every server process. Tokens come from
 * `POST /cgi-bin/stable_token` (force_refresh false: WeChat hands out the same token while it lives,
 * so processes never invalidate each other's) and are shared through the key-value store (Redis
 * with REDIS_URL): one process fetches, the others read its answer. The official account's QR
 * login and the mini-program links use the same holder when they share an appid.
 */

export class WechatApiError extends Error {}

export interface WechatCredentials {
  appId: string;
  appSecret: string;
}

export interface AccessTokenHolder {
  readonly appId: string;
  /** A live token: this process's copy, else the shared one, else one fetch. */
  get(): Promise<string>;
  /** WeChat refused `token` (40001, 40014, 42001): forget it here and in the shared store. */
  refused(token: string): Promise<void>;
}

export interface AccessTokens {
  /** The one holder of `c.appId` (the same object on every call with that appid). */
  holder(c: WechatCredentials): AccessTokenHolder;
}

export interface AccessTokenOptions {
  kv: KeyValueStore;
  /** https://api.weixin.qq.com, or a fake in tests. */
  apiBase: string;
  fetch?: typeof fetch;
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /** How long a process waits for another one's fetch before fetching itself. */
  waitMs?: number;
}

/** WeChat's errcodes for a token that is invalid, expired or not the latest. */
export const TOKEN_REFUSED_CODES: readonly number[] = [40001, 40014, 42001];

/** Refresh the token this long before WeChat says it expires. */
const MARGIN_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** The fetch lock outlives a fetch that hangs to its timeout, so a dead fetcher frees it. */
const LOCK_SEC = REQUEST_TIMEOUT_MS / 1000 + 2;
const POLL_MS = 100;

interface Stored {
  token: string;
  /** Epoch ms when this token stops being handed out. */
  until: number;
}

interface StableTokenAnswer {
  access_token?: string;
  expires_in?: number;
  errcode?: number;
  errmsg?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createAccessTokens(opts: AccessTokenOptions): AccessTokens {
  const holders = new Map<string, AccessTokenHolder>();
  return {
    holder(c) {
      let h = holders.get(c.appId);
      if (!h) holders.set(c.appId, (h = createHolder(c, opts)));
      return h;
    },
  };
}

function createHolder(c: WechatCredentials, opts: AccessTokenOptions): AccessTokenHolder {
  const base = opts.apiBase.replace(/\/+$/, '');
  const fetchImpl = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const waitMs = opts.waitMs ?? 5_000;
  const key = `wxtoken:${c.appId}`;
  const lockKey = `wxtoken:${c.appId}:lock`;
  let local: Stored | null = null;
  let pending: Promise<string> | null = null;
  /** The last token WeChat refused: a fetch that hands it back again is forced to refresh. */
  let refusedToken: string | null = null;

  const readShared = async (): Promise<Stored | null> => {
    const raw = await opts.kv.get(key);
    if (!raw) return null;
    const s = JSON.parse(raw) as Stored;
    return s.until > now() && s.token !== refusedToken ? s : null;
  };

  async function stableToken(forceRefresh: boolean): Promise<Stored> {
    const res = await fetchImpl(`${base}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credential', appid: c.appId, secret: c.appSecret, force_refresh: forceRefresh }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) throw new WechatApiError(`WeChat stable_token HTTP ${res.status}`);
    const a = (await res.json()) as StableTokenAnswer;
    if (!a.access_token) throw new WechatApiError(`WeChat stable_token: ${a.errcode ?? '?'} ${a.errmsg ?? ''}`.trim());
    const ttlMs = Math.max(60, a.expires_in ?? 7200) * 1000;
    return { token: a.access_token, until: now() + Math.max(ttlMs - MARGIN_MS, ttlMs / 2) };
  }

  async function fetchAndShare(): Promise<string> {
    // One process fetches; the others wait for its answer in the shared store.
    const mine = (await opts.kv.incr(lockKey, LOCK_SEC)) === 1;
    if (!mine) {
      for (let waited = 0; waited < waitMs; waited += POLL_MS) {
        await sleep(POLL_MS);
        const s = await readShared();
        if (s) return (local = s).token;
      }
      // The fetcher is gone or slow: fetch here rather than fail the caller.
    }
    try {
      let s = await stableToken(false);
      // WeChat still hands out the token it refused: only a forced refresh replaces it.
      if (s.token === refusedToken) s = await stableToken(true);
      refusedToken = null;
      local = s;
      await opts.kv.set(key, JSON.stringify(s), Math.max(1, (s.until - now()) / 1000));
      return s.token;
    } finally {
      if (mine) await opts.kv.del(lockKey).catch(() => undefined);
    }
  }

  return {
    appId: c.appId,
    async get() {
      if (local && local.until > now() && local.token !== refusedToken) return local.token;
      const shared = await readShared();
      if (shared) return (local = shared).token;
      pending ??= fetchAndShare().finally(() => {
        pending = null;
      });
      return pending;
    },
    async refused(token) {
      refusedToken = token;
      if (local?.token === token) local = null;
      const raw = await opts.kv.get(key);
      if (raw && (JSON.parse(raw) as Stored).token === token) await opts.kv.del(key);
    },
  };
}
