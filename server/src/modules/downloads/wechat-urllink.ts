import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../http/errors';

/**
 * WeChat mini-program link helper (shell 7): POST {base}/wxa/generate_urllink with an access
 * token from {base}/cgi-bin/token. Without credentials the caller gets a clear "not configured".
 */
export interface WechatMiniCredentials {
  appId: string;
  appSecret: string;
  apiBase: string;
}

/** 503: the feature exists but the operator has not configured it. */
const NOT_CONFIGURED = 503;

/**
 * The mini-program's credentials (WECHAT_MINI_APP_ID / WECHAT_MINI_APP_SECRET, else the official
 * account's WECHAT_APP_ID / WECHAT_APP_SECRET) and WECHAT_API_BASE.
 */
export function wechatMiniCredentials(ctx: Pick<AppContext, 'config'>): WechatMiniCredentials | null {
  const m = ctx.config.wechatMini;
  if (!m?.appId || !m.appSecret) return null;
  return { appId: m.appId, appSecret: m.appSecret, apiBase: ctx.config.wechat.apiBase.replace(/\/$/, '') };
}

/** The query the mini-program page receives: the caller's query plus cq=<invite code>. */
export function urlLinkQuery(query: string, inviteCode: string | undefined): string {
  const params = new URLSearchParams(query);
  if (inviteCode) params.set('cq', inviteCode);
  return params.toString();
}

let cachedToken: { key: string; token: string; until: number } | null = null;

async function accessToken(cred: WechatMiniCredentials, fetcher: typeof fetch): Promise<string> {
  const key = `${cred.apiBase}|${cred.appId}`;
  if (cachedToken && cachedToken.key === key && cachedToken.until > Date.now()) return cachedToken.token;
  const qs = new URLSearchParams({ grant_type: 'client_credential', appid: cred.appId, secret: cred.appSecret });
  const res = await fetcher(`${cred.apiBase}/cgi-bin/token?${qs.toString()}`, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw refused(MSG.wechatUrlLinkFailed, 502);
  // Renew five minutes before WeChat's expiry (7200 s by default).
  cachedToken = { key, token: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 7200) - 300) * 1000 };
  return body.access_token;
}

export async function generateUrlLink(
  ctx: Pick<AppContext, 'config'>,
  req: { path: string; query: string; invite_code?: string },
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const cred = wechatMiniCredentials(ctx);
  if (!cred) throw refused(MSG.wechatNotConfigured, NOT_CONFIGURED);
  try {
    const token = await accessToken(cred, fetcher);
    const res = await fetcher(`${cred.apiBase}/wxa/generate_urllink?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: req.path, query: urlLinkQuery(req.query, req.invite_code), expire_type: 1, expire_interval: 30 }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { errcode?: number; url_link?: string };
    if (body.errcode || !body.url_link) {
      // A rejected token is dropped so the next call fetches a fresh one.
      cachedToken = null;
      throw refused(MSG.wechatUrlLinkFailed, 502);
    }
    return body.url_link;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Network failure or a non-JSON answer from WeChat: the same clear message, never a 500.
    throw refused(MSG.wechatUrlLinkFailed, 502);
  }
}
