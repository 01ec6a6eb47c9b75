import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../http/errors';
import { TOKEN_REFUSED_CODES } from '../../infra/wechat';

/**
 * WeChat mini-program link helper (docs/product/shell-and-navigation.md §7): POST {base}/wxa/generate_urllink with the appid's
 * shared access token. Without credentials the caller gets a clear "not configured".
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

/**
 * A WeChat URL Link to a mini-program page, valid 30 days. The access token comes from the appid's
 * shared holder (the official account's too when the pairs are the same), so a call costs no token
 * fetch; a token WeChat refuses is dropped and the call tried once more.
 */
export async function generateUrlLink(
  ctx: Pick<AppContext, 'config' | 'wechatTokens'>,
  req: { path: string; query: string; invite_code?: string },
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const cred = wechatMiniCredentials(ctx);
  if (!cred) throw refused(MSG.wechatNotConfigured, NOT_CONFIGURED);
  const tokens = ctx.wechatTokens.holder(cred);
  try {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get();
      const res = await fetcher(`${cred.apiBase}/wxa/generate_urllink?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: req.path, query: urlLinkQuery(req.query, req.invite_code), expire_type: 1, expire_interval: 30 }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { errcode?: number; url_link?: string };
      if (!body.errcode && body.url_link) return body.url_link;
      if (!TOKEN_REFUSED_CODES.includes(body.errcode ?? 0)) break;
      await tokens.refused(token);
      if (attempt > 0) break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Network failure, WeChat refusing our credentials or a non-JSON answer: fall through.
  }
  // The same clear message whatever went wrong, never a 500.
  throw refused(MSG.wechatUrlLinkFailed, 502);
}
