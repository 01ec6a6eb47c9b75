import { signatureValid } from './signature';
import { TOKEN_REFUSED_CODES, WechatApiError, type AccessTokenHolder } from './access-token';
import { aesKeyOf, decryptMessage, msgSignatureValid } from './crypt';
import type { WechatLogin, WechatSettings } from './types';
import { parseScanEvent, xmlField } from './xml';

/** Where WeChat shows a QR for a ticket; the QR content is this page's URL. */
export const SHOW_QR_URL = 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=';

const REQUEST_TIMEOUT_MS = 10_000;

interface QrAnswer {
  ticket?: string;
  expire_seconds?: number;
  url?: string;
  errcode?: number;
  errmsg?: string;
}

/**
 * A WeChat official account (服务号) as QR login: temporary parametric QR codes whose scan
 * WeChat pushes to our callback as a SCAN/subscribe event with the scene. Access tokens come from
 * the appid's shared holder (access-token.ts), which the mini-program links use too.
 */
export function createOfficialWechat(s: WechatSettings, tokens: AccessTokenHolder, fetchImpl: typeof fetch = fetch): WechatLogin {
  const base = s.apiBase.replace(/\/+$/, '');
  const aesKey = s.encodingAesKey ? aesKeyOf(s.encodingAesKey) : null;

  async function call<T>(url: string, init?: RequestInit): Promise<T> {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!res.ok) throw new WechatApiError(`WeChat API HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async function createTicket(sceneId: string, expiresInSec: number, retry: boolean): Promise<QrAnswer> {
    const token = await tokens.get();
    const a = await call<QrAnswer>(`${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_seconds: expiresInSec, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: sceneId } } }),
    });
    // The token was invalidated early (refreshed elsewhere): drop it and try once more.
    if (!a.ticket && retry && TOKEN_REFUSED_CODES.includes(a.errcode ?? 0)) {
      await tokens.refused(token);
      return createTicket(sceneId, expiresInSec, false);
    }
    return a;
  }

  return {
    kind: 'official',
    async createQr(sceneId, expiresInSec) {
      const a = await createTicket(sceneId, expiresInSec, true);
      if (!a.ticket) throw new WechatApiError(`WeChat qrcode/create: ${a.errcode ?? '?'} ${a.errmsg ?? ''}`.trim());
      return {
        url: SHOW_QR_URL + encodeURIComponent(a.ticket),
        type: 'image',
        expiresInSec: Math.min(expiresInSec, a.expire_seconds ?? expiresInSec),
      };
    },
    checkSignature: (q) => signatureValid(s.token, q),
    parseEvent(xml, q) {
      // Plain mode: the route checked the token signature (compatible mode: the plain fields).
      if (!aesKey) return parseScanEvent(xml);
      // With a key only the encrypted part counts: the query's token signature does not cover the
      // body, so a plain body could be anyone's (a replayed query carrying a forged scan).
      const encrypt = xmlField(xml, 'Encrypt');
      if (encrypt === null || !msgSignatureValid(s.token, q, encrypt)) return null;
      try {
        return parseScanEvent(decryptMessage(aesKey, encrypt, s.appId));
      } catch {
        return null;
      }
    },
  };
}
