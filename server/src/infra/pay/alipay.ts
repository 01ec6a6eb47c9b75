import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from './keys';
import {
  centsToYuan,
  PayGatewayError,
  PayVerifyError,
  yuanToCents,
  type PayProvider,
  type PaymentStatus,
  type RawNotify,
  type VerifiedNotify,
} from './types';

/**
 * Alipay face-to-face (当面付) QR payments: alipay.trade.precreate gives the qr_code, the notify
 * is a form post signed RSA2 (SHA256withRSA) by Alipay, alipay.trade.query reconciles.
 * Requests are signed with the app's private key over the sorted `k=v&...` string of every
 * non-empty parameter except `sign`; answers and notifies are verified with Alipay's public key.
 */
export interface AlipaySettings {
  appId: string;
  privateKey: string;
  publicKey: string;
  gateway: string;
  notifyUrl: string;
}

/** The string both sides sign: sorted keys, empty values and the excluded keys left out. */
export function alipaySignContent(params: Record<string, string>, exclude: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The exact text of the JSON object under `key` in an Alipay answer: the answer's signature covers
 * those bytes as sent, so re-serialising the parsed object would not verify.
 */
export function rawJsonMember(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  const start = text.indexOf('{', at + key.length + 2);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

function timestamp(d: Date): string {
  // Alipay wants Beijing time 'yyyy-MM-dd HH:mm:ss'.
  const t = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

export function createAlipayProvider(s: AlipaySettings, fetchImpl: typeof fetch = fetch): PayProvider {
  const privateKey = loadPrivateKey(s.privateKey);
  const publicKey = loadPublicKey(s.publicKey);

  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const params: Record<string, string> = {
      app_id: s.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: timestamp(new Date()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = rsa2Sign(alipaySignContent(params), privateKey);
    let text: string;
    try {
      const res = await fetchImpl(s.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      text = await res.text();
      if (!res.ok) throw new PayGatewayError(`alipay ${method}: HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof PayGatewayError) throw err;
      throw new PayGatewayError(`alipay ${method}: ${(err as Error).message}`);
    }
    const key = `${method.replace(/\./g, '_')}_response`;
    const raw = rawJsonMember(text, key);
    let parsed: { sign?: string } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new PayGatewayError(`alipay ${method}: unreadable answer`);
    }
    if (!raw || typeof parsed.sign !== 'string' || !rsa2Verify(raw, parsed.sign, publicKey)) {
      throw new PayGatewayError(`alipay ${method}: answer signature does not verify`);
    }
    return parsed[key] as Record<string, unknown>;
  }

  return {
    name: 'alipay',
    async createPayment(req) {
      const r = await call(
        'alipay.trade.precreate',
        { out_trade_no: req.orderNo, total_amount: centsToYuan(req.amountCents), subject: req.subject.slice(0, 256) },
        { notify_url: s.notifyUrl },
      );
      if (r.code !== '10000' || typeof r.qr_code !== 'string') {
        throw new PayGatewayError(`alipay precreate refused: ${String(r.code)} ${String(r.sub_msg ?? r.msg ?? '')}`);
      }
      return { payUrl: r.qr_code };
    },
    async verifyNotify(raw: RawNotify): Promise<VerifiedNotify> {
      const p = Object.fromEntries(new URLSearchParams(raw.body));
      if (!p.sign || !rsa2Verify(alipaySignContent(p, ['sign', 'sign_type']), p.sign, publicKey)) {
        throw new PayVerifyError('alipay notify: bad signature');
      }
      if (p.app_id !== s.appId) throw new PayVerifyError('alipay notify: another app');
      const cents = yuanToCents(p.total_amount ?? '');
      if (!p.out_trade_no || cents === null) throw new PayVerifyError('alipay notify: missing order or amount');
      const paid = p.trade_status === 'TRADE_SUCCESS' || p.trade_status === 'TRADE_FINISHED';
      return { orderNo: p.out_trade_no, amountCents: cents, tradeNo: p.trade_no ?? '', paid };
    },
    async query(orderNo): Promise<PaymentStatus> {
      const r = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (r.code !== '10000') return { paid: false, amountCents: null, tradeNo: '', state: String(r.sub_code ?? r.code ?? 'UNKNOWN') };
      const state = String(r.trade_status ?? '');
      return {
        paid: state === 'TRADE_SUCCESS' || state === 'TRADE_FINISHED',
        amountCents: yuanToCents(String(r.total_amount ?? '')),
        tradeNo: String(r.trade_no ?? ''),
        state,
      };
    },
    ackOk: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
    ackFail: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'failure' },
  };
}
