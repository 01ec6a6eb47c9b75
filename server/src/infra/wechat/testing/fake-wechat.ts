import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wechatSignature } from '../signature';
import { aesKeyOf, encryptMessage, msgSignature } from '../crypt';

/**
 * A local stand-in for api.weixin.qq.com (tests only): checks appid/secret, issues access tokens
 * (counting how many), answers qrcode/create for a live token, and can invalidate tokens early
 * the way WeChat does when a token is fetched elsewhere (errcode 40001).
 */
export interface FakeWechat {
  base: string;
  tokenCalls: number;
  qrCalls: { scene: string; expire_seconds: number; action_name: string }[];
  /** Make every issued token invalid (next qrcode/create answers 40001). */
  invalidateTokens(): void;
  close(): Promise<void>;
}

export async function startFakeWechat(appId: string, secret: string): Promise<FakeWechat> {
  const live = new Set<string>();
  const state = { tokenCalls: 0, qrCalls: [] as FakeWechat['qrCalls'] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      state.tokenCalls++;
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== appId || q.get('secret') !== secret)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `tok_${state.tokenCalls}_${Math.random().toString(36).slice(2)}`;
      live.add(token);
      return send({ access_token: token, expires_in: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        if (!live.has(url.searchParams.get('access_token') ?? '')) return send({ errcode: 40001, errmsg: 'invalid credential' });
        const body = JSON.parse(raw) as { expire_seconds: number; action_name: string; action_info: { scene: { scene_str: string } } };
        const scene = body.action_info.scene.scene_str;
        state.qrCalls.push({ scene, expire_seconds: body.expire_seconds, action_name: body.action_name });
        send({ ticket: `gQ+${scene}/==`, expire_seconds: body.expire_seconds, url: `http://weixin.qq.com/q/${scene}` });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    get tokenCalls() {
      return state.tokenCalls;
    },
    set tokenCalls(v) {
      state.tokenCalls = v;
    },
    qrCalls: state.qrCalls,
    invalidateTokens: () => live.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The query WeChat adds to a callback it signs with the official account's token. */
export function signedQuery(token: string, extra: Record<string, string> = {}): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = Math.random().toString(36).slice(2, 12);
  return new URLSearchParams({ signature: wechatSignature(token, timestamp, nonce), timestamp, nonce, ...extra }).toString();
}

/**
 * A callback as WeChat sends it in safe mode (compatible mode also keeps the plain fields): the
 * query with signature and msg_signature, and the body with only <Encrypt>.
 */
export function encryptedCallback(
  token: string,
  encodingAesKey: string,
  appId: string,
  xml: string,
  mode: 'safe' | 'compatible' = 'safe',
): { query: string; body: string } {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = Math.random().toString(36).slice(2, 12);
  const encrypt = encryptMessage(aesKeyOf(encodingAesKey)!, xml, appId);
  const query = new URLSearchParams({
    signature: wechatSignature(token, timestamp, nonce),
    timestamp,
    nonce,
    encrypt_type: 'aes',
    msg_signature: msgSignature(token, timestamp, nonce, encrypt),
  }).toString();
  const inner = mode === 'compatible' ? xml.replace(/^<xml>|<\/xml>$/g, '') : '<ToUserName><![CDATA[gh_test]]></ToUserName>';
  return { query, body: `<xml>${inner}<Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>` };
}

/** A scan event as WeChat pushes it: SCAN for a follower, subscribe (qrscene_ prefix) for a new one. */
export function scanEventXml(openid: string, scene: string, event: 'SCAN' | 'subscribe' = 'SCAN'): string {
  const key = event === 'subscribe' ? `qrscene_${scene}` : scene;
  return `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${Math.floor(
    Date.now() / 1000,
  )}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[gQ]]></Ticket></xml>`;
}
