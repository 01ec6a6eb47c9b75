import { signatureValid } from './signature';
import { aesKeyOf, decryptMessage, msgSignatureValid } from './crypt';
import { xmlField } from './xml';
import type { WechatLogin, WechatSettings } from './types';
import { parseScanEvent } from './xml';

/** Where WeChat shows a QR for a ticket; the QR content is this page's URL. */
export const SHOW_QR_URL = 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=';

/** Refresh the access token this long before WeChat says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export class WechatApiError extends Error {}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  errcode?: number;
  errmsg?: string;
}

interface QrAnswer {
  ticket?: string;
  expire_seconds?: number;
  url?: string;
  errcode?: number;
  errmsg?: string;
}

/**
 * A WeChat official account (服务号) as QR login: temporary parametric QR codes whose scan
 * WeChat pushes to our callback as a SCAN/subscribe event with the scene. The access token is
 * fetched with appid/secret and cached until shortly before it expires (WeChat limits how often
 * it may be fetched); concurrent callers share one fetch.
 */
export function createOfficialWechat(s: WechatSettings, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): WechatLogin {
  const base = s.apiBase.replace(/\/+$/, '');
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  const aesKey = s.encodingAesKey ? aesKeyOf(s.encodingAesKey) : null;

  async function call<T>(url: string, init?: RequestInit): Promise<T> {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!res.ok) throw new WechatApiError(`WeChat API HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async function fetchToken(): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: s.appId, secret: s.appSecret });
    const a = await call<TokenAnswer>(`${base}/cgi-bin/token?${q}`);
    if (!a.access_token) throw new WechatApiError(`WeChat token: ${a.errcode ?? '?'} ${a.errmsg ?? ''}`.trim());
    const ttlMs = Math.max(60, a.expires_in ?? 7200) * 1000;
    cached = { token: a.access_token, until: now() + Math.max(ttlMs - TOKEN_MARGIN_MS, ttlMs / 2) };
    return a.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.until > now()) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function createTicket(sceneId: string, expiresInSec: number, retry: boolean): Promise<QrAnswer> {
    const token = await accessToken();
    const a = await call<QrAnswer>(`${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_seconds: expiresInSec, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: sceneId } } }),
    });
    // 40001/40014/42001: the token was invalidated early (fetched elsewhere): fetch once more.
    if (!a.ticket && retry && [40001, 40014, 42001].includes(a.errcode ?? 0)) {
      cached = null;
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
      const encrypt = xmlField(xml, 'Encrypt');
      // Plain mode (the token signature was checked by the route), or a compatible-mode message
      // whose plain fields are there too when no key is configured.
      if (encrypt === null || !aesKey) return parseScanEvent(xml);
      if (!msgSignatureValid(s.token, q, encrypt)) return null;
      try {
        return parseScanEvent(decryptMessage(aesKey, encrypt, s.appId));
      } catch {
        return null;
      }
    },
  };
}
