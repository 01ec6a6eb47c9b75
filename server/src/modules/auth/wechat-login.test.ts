import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LOGIN_LIMITS, MSG, type Envelope, type UserInfo, type WxQrcode } from '@wanxiang/contract';
import { users, wechatIdentities } from '../../db/schema';
import { encryptedCallback, scanEventXml, signedQuery, startFakeWechat, type FakeWechat } from '../../infra/wechat/testing/fake-wechat';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { confirmWxQr, loginWxQr, wxQrStatus } from './wechat-login';

const api = (t: TestApp) => ({
  get: async <T>(url: string) => (await t.app.inject({ method: 'GET', url: `/api${url}` })).json<Envelope<T>>(),
  post: async <T>(url: string, payload: object, ip = randomIp()) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip })).json<Envelope<T>>(),
  raw: (opts: InjectOptions) => t.app.inject(opts),
});

describe.each(testDbKinds())('WeChat QR login, dev adapter (%s)', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newQr = async () => (await a.get<WxQrcode>('/v1/user/getWxQrcode')).data;
  const status = async (id: string) => (await a.get<{ status: number }>(`/v1/user/queryWxQrcode?qrcode_id=${id}`)).data.status;
  const devConfirm = (qrcode_id: string, openid?: string) => a.post('/v1/user/wxDevConfirm', { qrcode_id, openid });

  it('issues a QR pointing at the local confirm page, waits, confirms, logs in once and creates the account', async () => {
    const qr = await newQr();
    expect(qr.qrcode_id).toMatch(/^[\w-]{22}$/);
    expect(qr).toMatchObject({ qr_type: 'text', expires_in: LOGIN_LIMITS.wxQrTtlSec });
    expect(qr.url).toBe(`http://localhost:80/api/v1/user/wxDevConfirm?qrcode_id=${qr.qrcode_id}`);
    expect(await status(qr.qrcode_id)).toBe(0);
    // Logging in before the scan is refused.
    expect(await a.post('/v1/user/loginWxQrcode', { qrcode_id: qr.qrcode_id })).toMatchObject({ code: Code.FAILED, msg: MSG.wxQrInvalid });

    const page = await a.raw({ method: 'GET', url: `/api/v1/user/wxDevConfirm?qrcode_id=${qr.qrcode_id}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('确认登录');
    expect(page.body).toContain(JSON.stringify(qr.qrcode_id));

    const openid = `dev-${Date.now().toString(36)}`;
    expect(await devConfirm(qr.qrcode_id, openid)).toMatchObject({ code: 200, msg: MSG.wxDevConfirmed });
    expect(await status(qr.qrcode_id)).toBe(1);
    // A second scan of the same QR does not change who it logs in.
    expect(await devConfirm(qr.qrcode_id, 'dev-someoneelse')).toMatchObject({ code: Code.FAILED, msg: MSG.wxQrInvalid });

    const login = await a.post<UserInfo>('/v1/user/loginWxQrcode', { qrcode_id: qr.qrcode_id, app_channel: 'web' });
    expect(login).toMatchObject({ code: 200, msg: MSG.loginSuccess });
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
    expect(login.data.nick).toBe(`微信用户${openid.slice(-4)}`);
    const [link] = await t.ctx.database.db.select().from(wechatIdentities).where(eq(wechatIdentities.openid, openid));
    expect(link?.userId).toBe(login.data.id);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token: login.data.token } });
    expect(info.json<Envelope<UserInfo>>().data.id).toBe(login.data.id);

    // A QR logs in once, then reads as gone.
    expect(await a.post('/v1/user/loginWxQrcode', { qrcode_id: qr.qrcode_id })).toMatchObject({ code: Code.FAILED, msg: MSG.wxQrInvalid });
    expect(await status(qr.qrcode_id)).toBe(2);

    // The same WeChat user scanning again gets the same account.
    const again = await newQr();
    await devConfirm(again.qrcode_id, openid);
    expect((await a.post<UserInfo>('/v1/user/loginWxQrcode', { qrcode_id: again.qrcode_id })).data.id).toBe(login.data.id);
  });

  it('a QR confirmed once logs in once even when two logins race', async () => {
    const qr = await newQr();
    await devConfirm(qr.qrcode_id, `dev-race${Date.now() % 1e6}`);
    const results = await Promise.all([1, 2, 3].map(() => a.post('/v1/user/loginWxQrcode', { qrcode_id: qr.qrcode_id })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
  });

  it('links the inviter on the first WeChat login', async () => {
    const inviter = await t.loginAs();
    const qr = await newQr();
    await devConfirm(qr.qrcode_id, `dev-inv${Date.now() % 1e6}`);
    const r = await a.post<UserInfo>('/v1/user/loginWxQrcode', {
      qrcode_id: qr.qrcode_id,
      invite_code: inviter.user.invite_code.toLowerCase(),
    });
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, r.data.id));
    expect(row?.invitedBy).toBe(inviter.user.id);
  });

  it('expires a QR after its lifetime: status 2, no confirm, no login', async () => {
    const qr = await newQr();
    const later = Date.now() + (LOGIN_LIMITS.wxQrTtlSec + 1) * 1000;
    expect(await wxQrStatus(t.ctx, qr.qrcode_id, later)).toBe(2);
    expect(await confirmWxQr(t.ctx, qr.qrcode_id, 'dev-late', later)).toBe(false);
    const confirmed = await newQr();
    await devConfirm(confirmed.qrcode_id, 'dev-late2');
    await expect(
      loginWxQr(t.ctx, { qrcode_id: confirmed.qrcode_id }, { ip: '10.0.0.1', userAgent: '', at: new Date(later) }),
    ).rejects.toMatchObject({ message: MSG.wxQrInvalid });
  });

  it('answers unknown and malformed QR ids plainly', async () => {
    expect(await status('AAAAAAAAAAAAAAAAAAAAAA')).toBe(2);
    const bad = await a.raw({ method: 'GET', url: '/api/v1/user/queryWxQrcode?qrcode_id=<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: MSG.wxQrInvalid });
    expect((await a.raw({ method: 'GET', url: '/api/v1/user/queryWxQrcode' })).statusCode).toBe(400);
    expect(await devConfirm('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({ code: Code.FAILED, msg: MSG.wxQrInvalid });
  });

  it('refuses the callback in dev mode: nothing is signed', async () => {
    const qr = await newQr();
    const r = await a.raw({
      method: 'POST',
      url: `/api/v1/wechat/callback?${signedQuery('')}`,
      headers: { 'content-type': 'text/xml' },
      payload: scanEventXml('oEvil', qr.qrcode_id),
    });
    expect(r.statusCode).toBe(403);
    expect(await status(qr.qrcode_id)).toBe(0);
  });
});

describe('WeChat QR login, official account against a fake WeChat API', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let fake: FakeWechat;
  const TOKEN = 'callback-token-1';
  const AES_KEY = 'Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LzXcVbNmQwErT';
  beforeAll(async () => {
    fake = await startFakeWechat('wxapp1', 'secret1');
    t = await createTestApp('pglite', {
      env: {
        WECHAT_LOGIN: 'official',
        WECHAT_APP_ID: 'wxapp1',
        WECHAT_APP_SECRET: 'secret1',
        WECHAT_TOKEN: TOKEN,
        WECHAT_ENCODING_AES_KEY: AES_KEY,
        WECHAT_API_BASE: fake.base,
      },
    });
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const callback = (query: string, xml: string) =>
    a.raw({ method: 'POST', url: `/api/v1/wechat/callback?${query}`, headers: { 'content-type': 'text/xml' }, payload: xml });
  /** A push as WeChat sends it with the key set in compatible mode (plain fields beside <Encrypt>). */
  const push = (xml: string) => {
    const cb = encryptedCallback(TOKEN, AES_KEY, 'wxapp1', xml, 'compatible');
    return callback(cb.query, cb.body);
  };

  it('issues WeChat QR images for a scene = qrcode_id', async () => {
    const qr = (await a.get<WxQrcode>('/v1/user/getWxQrcode')).data;
    expect(qr.qr_type).toBe('image');
    expect(qr.url.startsWith('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=')).toBe(true);
    expect(fake.qrCalls.at(-1)).toEqual({ scene: qr.qrcode_id, expire_seconds: LOGIN_LIMITS.wxQrTtlSec, action_name: 'QR_STR_SCENE' });
    // The dev confirm page does not exist here.
    expect((await a.raw({ method: 'GET', url: `/api/v1/user/wxDevConfirm?qrcode_id=${qr.qrcode_id}` })).statusCode).toBe(404);
    expect((await a.post('/v1/user/wxDevConfirm', { qrcode_id: qr.qrcode_id, openid: 'dev-x' })).code).toBe(Code.NOT_FOUND);
  });

  it('verifies the server URL with echostr only for a good signature', async () => {
    const ok = await a.raw({ method: 'GET', url: `/api/v1/wechat/callback?${signedQuery(TOKEN, { echostr: 'hello123' })}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('hello123');
    const forged = await a.raw({ method: 'GET', url: `/api/v1/wechat/callback?${signedQuery('wrong', { echostr: 'hello123' })}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain('hello123');
  });

  it('a signed SCAN or subscribe event confirms the QR with the openid; a forged one changes nothing', async () => {
    const qr = (await a.get<WxQrcode>('/v1/user/getWxQrcode')).data;
    const forged = await callback(signedQuery('not-the-token'), scanEventXml('oEvil', qr.qrcode_id));
    expect(forged.statusCode).toBe(403);
    expect((await a.get<{ status: number }>(`/v1/user/queryWxQrcode?qrcode_id=${qr.qrcode_id}`)).data.status).toBe(0);

    const openid = `oWx${Date.now().toString(36)}`;
    const good = await push(scanEventXml(openid, qr.qrcode_id, 'subscribe'));
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('success');
    expect((await a.get<{ status: number }>(`/v1/user/queryWxQrcode?qrcode_id=${qr.qrcode_id}`)).data.status).toBe(1);
    const login = await a.post<UserInfo>('/v1/user/loginWxQrcode', { qrcode_id: qr.qrcode_id, app_channel: 'web' });
    expect(login.code).toBe(200);

    // A follower scanning again (SCAN event) reaches the same account.
    const qr2 = (await a.get<WxQrcode>('/v1/user/getWxQrcode')).data;
    await push(scanEventXml(openid, qr2.qrcode_id));
    expect((await a.post<UserInfo>('/v1/user/loginWxQrcode', { qrcode_id: qr2.qrcode_id })).data.id).toBe(login.data.id);
    // Other pushes are acknowledged and ignored.
    expect((await push('<xml><MsgType><![CDATA[text]]></MsgType></xml>')).body).toBe('success');
  });

  it('a safe-mode (encrypted) scan confirms the QR; a forged msg_signature changes nothing', async () => {
    const qr = (await a.get<WxQrcode>('/v1/user/getWxQrcode')).data;
    const openid = `oSafe${Date.now().toString(36)}`;
    const cb = encryptedCallback(TOKEN, AES_KEY, 'wxapp1', scanEventXml(openid, qr.qrcode_id));
    // (Another signed query: each one is accepted once.)
    const other = encryptedCallback(TOKEN, AES_KEY, 'wxapp1', scanEventXml(openid, qr.qrcode_id));
    const forgedQuery = other.query.replace(/msg_signature=[0-9a-f]+/, `msg_signature=${'0'.repeat(40)}`);
    expect((await callback(forgedQuery, other.body)).body).toBe('success');
    expect((await a.get<{ status: number }>(`/v1/user/queryWxQrcode?qrcode_id=${qr.qrcode_id}`)).data.status).toBe(0);
    const good = await callback(cb.query, cb.body);
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('success');
    expect((await a.get<{ status: number }>(`/v1/user/queryWxQrcode?qrcode_id=${qr.qrcode_id}`)).data.status).toBe(1);
  });

  it('says 获取微信登录信息失败 when WeChat refuses', async () => {
    // WeChat unreachable (the fake is shut down; afterAll's second close is harmless).
    fake.invalidateTokens();
    await fake.close();
    const r = await a.get('/v1/user/getWxQrcode');
    expect(r).toMatchObject({ code: Code.FAILED, msg: MSG.wxQrFailed });
  });
});

describe('WeChat login off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { WECHAT_LOGIN: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  it('refuses QR creation with a Chinese message and hides the dev page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/getWxQrcode' })).json()).toMatchObject({
      code: Code.FAILED,
      msg: MSG.wxLoginOff,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/wxDevConfirm?qrcode_id=AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
  });
});
