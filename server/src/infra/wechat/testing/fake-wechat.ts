import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wechatSignature } from '../signature';
import { aesKeyOf, encryptMessage, msgSignature } from '../crypt';

/**
 * A local stand-in for api.weixin.qq.com (tests only): checks appid/secret, issues access tokens
 * through `stable_token` (the same token while it lives unless force_refresh, counting the calls),
 * answers qrcode/create and wxa/generate_urllink for a live token, and can invalidate tokens early
 * the way WeChat does when a token is refreshed elsewhere (errcode 40001).
 */
export interface FakeWechat {
  base: string;
  /** stable_token calls so far. */
  tokenCalls: number;
  /** The force_refresh flag of each stable_token call, in order. */
  forceRefreshes: boolean[];
  qrCalls: { scene: string; expire_seconds: number; action_name: string }[];
  urlLinkCalls: { path: string; query: string }[];
  /** Make every issued token invalid (the next call with one answers 40001). */
  invalidateTokens(): void;
  /** Keep answering stable_token with the current token although it no longer works (a stale stable token). */
  keepStaleToken(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => resolve(raw));
  });

export async function startFakeWechat(appId: string, secret: string): Promise<FakeWechat> {
  const live = new Set<string>();
  let current: string | null = null;
  let stale = false;
  const state = { tokenCalls: 0, forceRefreshes: [] as boolean[], qrCalls: [] as FakeWechat['qrCalls'], urlLinkCalls: [] as FakeWechat['urlLinkCalls'] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    const withToken = (answer: (raw: string) => unknown) =>
      void readBody(req).then((raw) => send(live.has(url.searchParams.get('access_token') ?? '') ? answer(raw) : { errcode: 40001, errmsg: 'invalid credential' }));
    if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
      void readBody(req).then((raw) => {
        state.tokenCalls++;
        const q = JSON.parse(raw) as { grant_type?: string; appid?: string; secret?: string; force_refresh?: boolean };
        state.forceRefreshes.push(q.force_refresh === true);
        if (q.grant_type !== 'client_credential' || q.appid !== appId || q.secret !== secret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
        // Normal mode hands out the same token while it lives; force_refresh replaces it.
        if (!current || (!live.has(current) && !stale) || q.force_refresh) {
          if (current) live.delete(current);
          current = `tok_${state.tokenCalls}_${Math.random().toString(36).slice(2)}`;
          live.add(current);
          stale = false;
        }
        send({ access_token: current, expires_in: 7200 });
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
      return withToken((raw) => {
        const body = JSON.parse(raw) as { expire_seconds: number; action_name: string; action_info: { scene: { scene_str: string } } };
        const scene = body.action_info.scene.scene_str;
        state.qrCalls.push({ scene, expire_seconds: body.expire_seconds, action_name: body.action_name });
        return { ticket: `gQ+${scene}/==`, expire_seconds: body.expire_seconds, url: `http://weixin.qq.com/q/${scene}` };
      });
    }
    if (req.method === 'POST' && url.pathname === '/wxa/generate_urllink') {
      return withToken((raw) => {
        const body = JSON.parse(raw) as { path: string; query: string };
        state.urlLinkCalls.push({ path: body.path, query: body.query });
        // A page the mini-program does not have, as WeChat answers it.
        if (body.path.startsWith('pages/missing')) return { errcode: 40165, errmsg: 'invalid weapp pagepath' };
        return { errcode: 0, errmsg: 'ok', url_link: `https://wxaurl.cn/${state.urlLinkCalls.length}` };
      });
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
    forceRefreshes: state.forceRefreshes,
    qrCalls: state.qrCalls,
    urlLinkCalls: state.urlLinkCalls,
    invalidateTokens: () => live.clear(),
    keepStaleToken: () => {
      live.clear();
      stale = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The query WeChat adds to a callback it signs with the official account's token; `atMs` dates it. */
export function signedQuery(token: string, extra: Record<string, string> = {}, atMs = Date.now()): string {
  const timestamp = String(Math.floor(atMs / 1000));
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
