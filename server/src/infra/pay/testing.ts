import { createCipheriv, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, rsa2Sign, rsa2Verify } from './alipay';

/**
 * Local fake gateways for tests: they verify our request signatures with the merchant's public
 * key and sign their answers and notifies with their own generated keys, like the real ones.
 */
export interface KeyPair {
  privatePem: string;
  publicPem: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function rsaKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface FakeTrade {
  amountCents: number;
  state: string;
  tradeNo: string;
}

// ---- Alipay

export interface FakeAlipay {
  url: string;
  /** Alipay's own keys (it signs answers and notifies). */
  alipayKeys: KeyPair;
  trades: Map<string, FakeTrade>;
  /** Requests whose signature did not verify. */
  badRequests: number;
  requests: Record<string, string>[];
  /** A signed notify form body for an order. */
  notifyBody(p: { appId: string; orderNo: string; totalAmount: string; tradeStatus?: string; tradeNo?: string }): string;
  close(): Promise<void>;
}

export async function startFakeAlipay(appPublicKey: KeyObject): Promise<FakeAlipay> {
  const alipayKeys = rsaKeys();
  const trades = new Map<string, FakeTrade>();
  const fake = { badRequests: 0, requests: [] as Record<string, string>[] };
  const answer = (method: string, payload: Record<string, unknown>) => {
    const key = `${method.replace(/\./g, '_')}_response`;
    // Spacing on purpose: the signature covers the raw text, not a re-serialisation.
    const raw = JSON.stringify(payload, null, 1);
    return `{"${key}":${raw},"sign":"${rsa2Sign(raw, alipayKeys.privateKey)}"}`;
  };
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const p = Object.fromEntries(new URLSearchParams(text));
      fake.requests.push(p);
      if (!p.sign || !rsa2Verify(alipaySignContent(p), p.sign, appPublicKey)) {
        fake.badRequests++;
        res.end(answer(p.method ?? 'unknown', { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }));
        return;
      }
      const biz = JSON.parse(p.biz_content ?? '{}') as { out_trade_no: string; total_amount?: string };
      if (p.method === 'alipay.trade.precreate') {
        trades.set(biz.out_trade_no, {
          amountCents: Math.round(Number(biz.total_amount) * 100),
          state: 'WAIT_BUYER_PAY',
          tradeNo: `2026${Date.now()}`,
        });
        res.end(
          answer(p.method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/fake${biz.out_trade_no}`,
          }),
        );
      } else if (p.method === 'alipay.trade.query') {
        const t = trades.get(biz.out_trade_no);
        if (!t) res.end(answer(p.method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }));
        else
          res.end(
            answer(p.method, {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: t.tradeNo,
              trade_status: t.state,
              total_amount: (t.amountCents / 100).toFixed(2),
            }),
          );
      } else res.end(answer(p.method ?? 'unknown', { code: '40004', msg: 'unknown method' }));
    });
  });
  const url = await listen(server);
  return {
    url,
    alipayKeys,
    trades,
    get badRequests() {
      return fake.badRequests;
    },
    requests: fake.requests,
    notifyBody({ appId, orderNo, totalAmount, tradeStatus = 'TRADE_SUCCESS', tradeNo = `2026${orderNo}` }) {
      const p: Record<string, string> = {
        app_id: appId,
        out_trade_no: orderNo,
        total_amount: totalAmount,
        trade_status: tradeStatus,
        trade_no: tradeNo,
        notify_time: '2026-11-22 12:00:00',
        subject: '万象AI-会员',
        charset: 'utf-8',
        sign_type: 'RSA2',
      };
      p.sign = rsa2Sign(alipaySignContent(p, ['sign', 'sign_type']), alipayKeys.privateKey);
      return new URLSearchParams(p).toString();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// ---- WeChat Pay v3

export interface FakeWechat {
  url: string;
  platformKeys: KeyPair;
  trades: Map<string, FakeTrade>;
  badRequests: number;
  /** Headers and body of a signed, encrypted notify for an order. */
  notify(p: { mchId: string; orderNo: string; totalCents: number; state?: string; at?: Date }): {
    headers: Record<string, string>;
    body: string;
  };
  close(): Promise<void>;
}

export function encryptResource(
  apiV3Key: string,
  plaintext: string,
): { algorithm: string; ciphertext: string; nonce: string; associated_data: string } {
  const nonce = randomBytes(6).toString('hex');
  const aad = 'transaction';
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(aad));
  const data = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: aad };
}

export async function startFakeWechat(merchantPublicKey: KeyObject, apiV3Key: string): Promise<FakeWechat> {
  const platformKeys = rsaKeys();
  const trades = new Map<string, FakeTrade>();
  const fake = { badRequests: 0 };
  const signed = (body: string, at = new Date()) => {
    const ts = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(8).toString('hex');
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': 'PLATFORM_SERIAL',
      'wechatpay-signature': rsa2Sign(`${ts}\n${nonce}\n${body}\n`, platformKeys.privateKey),
    };
  };
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const send = (status: number, payload: unknown) => {
        const body = JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', ...signed(body) });
        res.end(body);
      };
      const auth = String(req.headers.authorization ?? '');
      const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth);
      const parts = Object.fromEntries([...(m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
      const message = `${req.method}\n${req.url}\n${parts.timestamp}\n${parts.nonce_str}\n${text}\n`;
      if (!parts.signature || !parts.mchid || !parts.serial_no || !rsa2Verify(message, parts.signature, merchantPublicKey)) {
        fake.badRequests++;
        return send(401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/native') {
        const b = JSON.parse(text) as { out_trade_no: string; amount: { total: number } };
        trades.set(b.out_trade_no, { amountCents: b.amount.total, state: 'NOTPAY', tradeNo: `4200${Date.now()}` });
        return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=fake${b.out_trade_no}` });
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=/.exec(req.url ?? '');
      if (req.method === 'GET' && q) {
        const t = trades.get(decodeURIComponent(q[1]!));
        if (!t) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return send(200, {
          out_trade_no: q[1],
          transaction_id: t.tradeNo,
          trade_state: t.state,
          amount: { total: t.amountCents, currency: 'CNY' },
        });
      }
      return send(404, { code: 'NOT_FOUND', message: 'no such api' });
    });
  });
  const url = await listen(server);
  return {
    url,
    platformKeys,
    trades,
    get badRequests() {
      return fake.badRequests;
    },
    notify({ mchId, orderNo, totalCents, state = 'SUCCESS', at = new Date() }) {
      const resource = encryptResource(
        apiV3Key,
        JSON.stringify({
          mchid: mchId,
          appid: 'wxapp',
          out_trade_no: orderNo,
          transaction_id: `4200${orderNo}`,
          trade_state: state,
          amount: { total: totalCents, payer_total: totalCents, currency: 'CNY' },
        }),
      );
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource,
      });
      return { headers: { 'content-type': 'application/json', ...signed(body, at) }, body };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
