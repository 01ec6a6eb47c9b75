import { createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from './keys';
import { rsa2Sign, rsa2Verify } from './alipay';
import {
  header,
  PayGatewayError,
  PayVerifyError,
  type PayProvider,
  type PaymentStatus,
  type RawNotify,
  type VerifiedNotify,
} from './types';

/**
 * WeChat Pay API v3, Native (scan to pay): POST /v3/pay/transactions/native answers code_url.
 * Every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=..,nonce_str=..,
 * signature=..,timestamp=..,serial_no=..` signed over `METHOD\nPATH\nTS\nNONCE\nBODY\n` with the
 * merchant key. Answers and notifies are signed by the platform key over `TS\nNONCE\nBODY\n`; the
 * notify's resource is AEAD_AES_256_GCM encrypted with the APIv3 key.
 */
export interface WechatPaySettings {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: string;
  platformPublicKey: string;
  apiV3Key: string;
  base: string;
  notifyUrl: string;
}

/** A notify older or newer than this is refused (replay of a captured notify from long ago). */
const MAX_SKEW_S = 300;

export function wechatAuthorization(
  s: { mchId: string; serialNo: string },
  key: KeyObject,
  method: string,
  pathWithQuery: string,
  body: string,
  at: Date = new Date(),
  nonce: string = randomBytes(16).toString('hex'),
): string {
  const ts = String(Math.floor(at.getTime() / 1000));
  const signature = rsa2Sign(`${method}\n${pathWithQuery}\n${ts}\n${nonce}\n${body}\n`, key);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${s.serialNo}"`;
}

/** Decrypt a notify resource (AEAD_AES_256_GCM: ciphertext is base64 of data || 16-byte tag). */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new PayVerifyError('wechat notify: ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data, 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new PayVerifyError('wechat notify: resource does not decrypt');
  }
}

export function createWechatPayProvider(
  s: WechatPaySettings,
  fetchImpl: typeof fetch = fetch,
  now: () => Date = () => new Date(),
): PayProvider {
  const privateKey = loadPrivateKey(s.privateKey);
  const platformKey = loadPublicKey(s.platformPublicKey);

  const verifySigned = (ts: string, nonce: string, signature: string, body: string): boolean =>
    Boolean(ts && nonce && signature) && rsa2Verify(`${ts}\n${nonce}\n${body}\n`, signature, platformKey);

  async function call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(`${s.base}${pathWithQuery}`, {
        method,
        headers: {
          authorization: wechatAuthorization(s, privateKey, method, pathWithQuery, body),
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'wanxiang-pay',
        },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      text = await res.text();
    } catch (err) {
      throw new PayGatewayError(`wechat ${pathWithQuery}: ${(err as Error).message}`);
    }
    const h = (n: string) => res.headers.get(n) ?? '';
    if (!verifySigned(h('wechatpay-timestamp'), h('wechatpay-nonce'), h('wechatpay-signature'), text)) {
      throw new PayGatewayError(`wechat ${pathWithQuery}: answer signature does not verify (HTTP ${res.status})`);
    }
    let json: Record<string, unknown>;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new PayGatewayError(`wechat ${pathWithQuery}: unreadable answer`);
    }
    return { status: res.status, json };
  }

  return {
    name: 'wechat',
    async createPayment(req) {
      const r = await call('POST', '/v3/pay/transactions/native', {
        appid: s.appId,
        mchid: s.mchId,
        description: req.subject.slice(0, 127),
        out_trade_no: req.orderNo,
        notify_url: s.notifyUrl,
        amount: { total: req.amountCents, currency: 'CNY' },
      });
      if (r.status !== 200 || typeof r.json.code_url !== 'string') {
        throw new PayGatewayError(`wechat native refused: HTTP ${r.status} ${String(r.json.code ?? '')} ${String(r.json.message ?? '')}`);
      }
      return { payUrl: r.json.code_url };
    },
    async verifyNotify(raw: RawNotify): Promise<VerifiedNotify> {
      const ts = header(raw, 'wechatpay-timestamp');
      if (!verifySigned(ts, header(raw, 'wechatpay-nonce'), header(raw, 'wechatpay-signature'), raw.body)) {
        throw new PayVerifyError('wechat notify: bad signature');
      }
      if (Math.abs(now().getTime() / 1000 - Number(ts)) > MAX_SKEW_S) throw new PayVerifyError('wechat notify: stale timestamp');
      let envelope: { resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
      try {
        envelope = JSON.parse(raw.body) as typeof envelope;
      } catch {
        throw new PayVerifyError('wechat notify: unreadable body');
      }
      const r = envelope.resource;
      if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) throw new PayVerifyError('wechat notify: no resource');
      const plain = decryptResource(s.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data });
      let t: { out_trade_no?: string; transaction_id?: string; trade_state?: string; mchid?: string; amount?: { total?: number } };
      try {
        t = JSON.parse(plain) as typeof t;
      } catch {
        throw new PayVerifyError('wechat notify: unreadable resource');
      }
      if (t.mchid !== undefined && t.mchid !== s.mchId) throw new PayVerifyError('wechat notify: another merchant');
      if (!t.out_trade_no || typeof t.amount?.total !== 'number') throw new PayVerifyError('wechat notify: missing order or amount');
      return { orderNo: t.out_trade_no, amountCents: t.amount.total, tradeNo: t.transaction_id ?? '', paid: t.trade_state === 'SUCCESS' };
    },
    async query(orderNo): Promise<PaymentStatus> {
      const r = await call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(s.mchId)}`);
      if (r.status !== 200) return { paid: false, amountCents: null, tradeNo: '', state: String(r.json.code ?? `HTTP_${r.status}`) };
      const amount = r.json.amount as { total?: number } | undefined;
      const state = String(r.json.trade_state ?? '');
      return {
        paid: state === 'SUCCESS',
        amountCents: typeof amount?.total === 'number' ? amount.total : null,
        tradeNo: String(r.json.transaction_id ?? ''),
        state,
      };
    },
    ackOk: { status: 204, contentType: 'application/json', body: '' },
    ackFail: { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) },
  };
}
