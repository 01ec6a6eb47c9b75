import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, WxQrcode } from '@wanxiang/contract';
import { encryptedCallback, scanEventXml, signedQuery, startFakeWechat, type FakeWechat } from '../../infra/wechat/testing/fake-wechat';
import { createMemoryStore } from '../../infra/kv';
import { createTestApp, type TestApp } from '../../../test/app';
import { CALLBACK_MAX_AGE_SEC, claimCallback } from './wechat-callback';

/**
 * The official account's callback against takeover (issue 11, item 5): a signed query is used
 * once and only while fresh, a plain body is refused when the key is set, and no log line holds
 * the signature or the openid.
 */
const TOKEN = 'callback-token-2';
const AES_KEY = 'Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LzXcVbNmQwErT';

/** Every log line the app writes. */
function logSink(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

async function officialApp(fake: FakeWechat, extra: Record<string, string>, logStream?: Writable): Promise<TestApp> {
  return createTestApp('pglite', {
    env: {
      WECHAT_LOGIN: 'official',
      WECHAT_APP_ID: 'wxapp2',
      WECHAT_APP_SECRET: 'secret2',
      WECHAT_TOKEN: TOKEN,
      WECHAT_API_BASE: fake.base,
      ...extra,
    },
    logStream,
  });
}

const helpers = (t: TestApp) => ({
  newQr: async () => (await t.app.inject({ url: '/api/v1/user/getWxQrcode' })).json<Envelope<WxQrcode>>().data.qrcode_id,
  status: async (id: string) => (await t.app.inject({ url: `/api/v1/user/queryWxQrcode?qrcode_id=${id}` })).json<Envelope<{ status: number }>>().data.status,
  callback: (query: string, xml: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/wechat/callback?${query}`, headers: { 'content-type': 'text/xml' }, payload: xml }),
});

describe('claimCallback', () => {
  it('takes a timestamp within 5 minutes once per timestamp+nonce', async () => {
    const kv = createMemoryStore();
    const now = 1_700_000_000_000;
    const at = (sec: number) => String(Math.floor(now / 1000) + sec);
    expect(await claimCallback(kv, { timestamp: at(0), nonce: 'n1' }, now)).toBe('fresh');
    expect(await claimCallback(kv, { timestamp: at(0), nonce: 'n1' }, now)).toBe('replayed');
    expect(await claimCallback(kv, { timestamp: at(0), nonce: 'n2' }, now)).toBe('fresh');
    expect(await claimCallback(kv, { timestamp: at(-CALLBACK_MAX_AGE_SEC - 1), nonce: 'n3' }, now)).toBe('stale');
    expect(await claimCallback(kv, { timestamp: at(CALLBACK_MAX_AGE_SEC + 1), nonce: 'n4' }, now)).toBe('stale');
    expect(await claimCallback(kv, { timestamp: 'abc', nonce: 'n5' }, now)).toBe('stale');
    expect(await claimCallback(kv, { timestamp: at(0), nonce: 'x'.repeat(65) }, now)).toBe('stale');
    await kv.close();
  });
});

describe('WeChat callback in plain mode', () => {
  let fake: FakeWechat;
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  const logs = logSink();
  beforeAll(async () => {
    fake = await startFakeWechat('wxapp2', 'secret2');
    t = await officialApp(fake, { LOG_LEVEL: 'info' }, logs.stream);
    h = helpers(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("a signed query replayed with another body does not confirm the attacker's QR", async () => {
    const victimQr = await h.newQr();
    const attackerQr = await h.newQr();
    const openid = `oVictim${Date.now().toString(36)}`;
    const query = signedQuery(TOKEN, { openid });
    expect((await h.callback(query, scanEventXml(openid, victimQr))).body).toBe('success');
    expect(await h.status(victimQr)).toBe(1);
    const replay = await h.callback(query, scanEventXml(openid, attackerQr));
    expect(replay.statusCode).toBe(403);
    expect(await h.status(attackerQr)).toBe(0);
  });

  it('a signed query older than 5 minutes is refused', async () => {
    const qr = await h.newQr();
    const old = signedQuery(TOKEN, {}, Date.now() - (CALLBACK_MAX_AGE_SEC + 30) * 1000);
    const r = await h.callback(old, scanEventXml('oLate', qr));
    expect(r.statusCode).toBe(403);
    expect(await h.status(qr)).toBe(0);
  });

  it('no log line holds the signature, the openid or the scene', async () => {
    const qr = await h.newQr();
    const openid = `oLogged${Date.now().toString(36)}`;
    const query = signedQuery(TOKEN, { openid, encrypt_type: 'raw' });
    const signature = new URLSearchParams(query).get('signature')!;
    await h.callback(query, scanEventXml(openid, qr));
    await h.callback(query, scanEventXml(openid, qr));
    expect(await h.status(qr)).toBe(1);
    const text = logs.text();
    expect(text).toContain('/api/v1/wechat/callback');
    expect(text).toContain('WeChat QR scan');
    expect(text).not.toContain(openid);
    expect(text).not.toContain(signature);
    expect(text).not.toContain(qr);
  });
});

describe('WeChat callback in safe mode (WECHAT_ENCODING_AES_KEY set)', () => {
  let fake: FakeWechat;
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    fake = await startFakeWechat('wxapp2', 'secret2');
    t = await officialApp(fake, { WECHAT_ENCODING_AES_KEY: AES_KEY });
    h = helpers(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a plain body with a good token signature confirms nothing; the encrypted scan does', async () => {
    const qr = await h.newQr();
    const plain = await h.callback(signedQuery(TOKEN), scanEventXml('oPlain', qr));
    expect(plain.statusCode).toBe(200);
    expect(await h.status(qr)).toBe(0);
    const cb = encryptedCallback(TOKEN, AES_KEY, 'wxapp2', scanEventXml('oSafe', qr));
    expect((await h.callback(cb.query, cb.body)).body).toBe('success');
    expect(await h.status(qr)).toBe(1);
  });
});
