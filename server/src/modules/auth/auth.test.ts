import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, Code, LIMITS, MSG, VIP_TIME_PERMANENT, type Envelope, type UserInfo } from '@wanxiang/contract';
import { authTokens, users } from '../../db/schema';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { registerCaptchaToken } from '../captcha/testing';
import { hashToken } from './tokens';

describe.each(testDbKinds())('auth routes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}, ip = randomIp()) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: ip });
    return { status: res.statusCode, body: res.json<Envelope<UserInfo>>() };
  };
  /** Register as the web does: pass the slider first (docs/product/accounts.md §4), from the same address. */
  const registerUser = async (payload: Record<string, unknown>) => {
    const ip = randomIp();
    return post('/v1/user/register', { ...payload, captcha_token: await registerCaptchaToken(t.app, ip) }, {}, ip);
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    return { status: res.statusCode, body: res.json<Envelope<UserInfo>>() };
  };
  const expectRefused = (r: { status: number; body: Envelope<unknown> }, msg: string) => {
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: Code.FAILED, msg, data: null });
  };
  const expectBadRequest = (r: { status: number; body: Envelope<unknown> }, msg: string) => {
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, msg, data: null });
  };

  describe('POST /v1/user/sendSmsCode', () => {
    it('sends a 6-digit code and says so', async () => {
      const phone = newPhone();
      const r = await post('/v1/user/sendSmsCode', { phone });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 200, msg: MSG.smsSent, data: null });
      expect(t.sms.lastCode(phone)).toMatch(/^\d{6}$/);
    });

    it('refuses a second code within 60 s with 429 and the spec message', async () => {
      const phone = newPhone();
      await post('/v1/user/sendSmsCode', { phone });
      const r = await post('/v1/user/sendSmsCode', { phone });
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ code: 429, msg: MSG.smsWait, data: null });
      expect(t.sms.sent.filter((s) => s.phone === phone)).toHaveLength(1);
    });

    it('rejects phones that are not mainland mobiles', async () => {
      for (const phone of ['12800138000', '1380013800', '138001380001', 'abc', '', 13800138000]) {
        expectBadRequest(await post('/v1/user/sendSmsCode', { phone }), MSG.phoneInvalid);
      }
      expectBadRequest(await post('/v1/user/sendSmsCode', {}), MSG.phoneInvalid);
    });

    it('answers a failed delivery with the Chinese refusal and lets the user retry at once', async () => {
      const phone = newPhone();
      t.sms.failNext();
      expectRefused(await post('/v1/user/sendSmsCode', { phone }), MSG.smsSendFailed);
      expect((await post('/v1/user/sendSmsCode', { phone })).body.code).toBe(200);
    });
  });

  describe('POST /v1/user/phoneLogin', () => {
    it('creates the user on first login and finds the same one later', async () => {
      const phone = newPhone();
      await post('/v1/user/sendSmsCode', { phone });
      const first = await post('/v1/user/phoneLogin', { phone, code: t.sms.lastCode(phone), app_channel: 'web' });
      expect(first.status).toBe(200);
      expect(first.body.code).toBe(200);
      expect(first.body.msg).toBe(MSG.loginSuccess);
      const u = first.body.data;
      expect(u).toMatchObject({ uid: u.id, appid: APP_ID, phone, vip: 0, vipTime: '', nick: `${phone.slice(0, 3)}****${phone.slice(7)}` });
      expect(u.token).toMatch(/^[\w-]{43}$/);
      expect(u.access_token).toBe(u.token);
      expect(u.invite_code).toMatch(/^[A-Z2-9]{8}$/);

      const again = await post('/v1/user/phoneLogin', { phone, code: t.ctx.config.sms.fixedCode });
      expect(again.body.data.id).toBe(u.id);
      expect(again.body.data.token).not.toBe(u.token);
    });

    it('refuses a wrong code as a business outcome and a malformed one as 400', async () => {
      const phone = newPhone();
      await post('/v1/user/sendSmsCode', { phone });
      const wrong = t.sms.lastCode(phone) === '000000' ? '111111' : '000000';
      expectRefused(await post('/v1/user/phoneLogin', { phone, code: wrong }), MSG.smsWrongCode);
      for (const code of ['123', '1234567', 'abcd', '', undefined]) {
        expectBadRequest(await post('/v1/user/phoneLogin', { phone, code }), MSG.smsCodeInvalid);
      }
      expectBadRequest(await post('/v1/user/phoneLogin', { phone: '1234', code: '1234' }), MSG.phoneInvalid);
    });

    it('does not accept the same code twice', async () => {
      const phone = newPhone();
      await post('/v1/user/sendSmsCode', { phone });
      const code = t.sms.lastCode(phone);
      expect((await post('/v1/user/phoneLogin', { phone, code })).body.code).toBe(200);
      expectRefused(await post('/v1/user/phoneLogin', { phone, code }), MSG.smsCodeExpired);
    });

    it('records who invited the new user', async () => {
      const inviter = await t.loginAs();
      const phone = newPhone();
      const r = await post('/v1/user/phoneLogin', { phone, code: '123456', invite_code: inviter.user.invite_code.toLowerCase() });
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, r.body.data.id));
      expect(row?.invitedBy).toBe(inviter.user.id);
    });
  });

  describe('POST /v1/user/register and /v1/user/login', () => {
    it('registers a username, logs in, and stores only an argon2id hash', async () => {
      const name = `User_${Date.now().toString(36)}`;
      const reg = await registerUser({ user: name, pass: 'secret123', app_channel: 'web' });
      expect(reg.body.code).toBe(200);
      expect(reg.body.msg).toBe(MSG.registerSuccess);
      expect(reg.body.data).toMatchObject({ account: name.toLowerCase(), nick: name, phone: '' });
      expect(reg.body.data.token).toMatch(/^[\w-]{43}$/);
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, reg.body.data.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('secret123');

      const login = await post('/v1/user/login', { user: name.toUpperCase(), pass: 'secret123' });
      expect(login.body.code).toBe(200);
      expect(login.body.msg).toBe(MSG.loginSuccess);
      expect(login.body.data.id).toBe(reg.body.data.id);
      expectRefused(await registerUser({ user: name, pass: 'another1' }), MSG.accountExists);
    });

    it('registers an e-mail and logs in with it in any case', async () => {
      const email = `Mail.${Date.now()}@Example.com`;
      const reg = await registerUser({ user: email, pass: 'secret123' });
      expect(reg.body.data.email).toBe(email.toLowerCase());
      expect((await post('/v1/user/login', { user: email.toLowerCase(), pass: 'secret123' })).body.data.id).toBe(reg.body.data.id);
    });

    it('registers a phone only with its SMS code, then logs in by phone and password', async () => {
      const phone = newPhone();
      expectBadRequest(await registerUser({ user: phone, pass: 'secret123' }), MSG.smsCodeInvalid);
      await post('/v1/user/sendSmsCode', { phone });
      const wrong = t.sms.lastCode(phone) === '000000' ? '111111' : '000000';
      expectRefused(await registerUser({ user: phone, pass: 'secret123', code: wrong }), MSG.smsWrongCode);
      const reg = await registerUser({ user: phone, pass: 'secret123', code: t.sms.lastCode(phone) });
      expect(reg.body.code).toBe(200);
      expect(reg.body.data.phone).toBe(phone);
      expect((await post('/v1/user/login', { user: phone, pass: 'secret123' })).body.data.id).toBe(reg.body.data.id);
      // The phone's account exists now, also for code login.
      expect((await post('/v1/user/phoneLogin', { phone, code: '123456' })).body.data.id).toBe(reg.body.data.id);
    });

    it('refuses a phone already created by code login', async () => {
      const { user } = await t.loginAs();
      expectRefused(await registerUser({ user: user.phone, pass: 'secret123', code: '123456' }), MSG.accountExists);
    });

    it('validates user names and passwords with the spec messages', async () => {
      for (const user of ['abc', '12345678', 'has space', 'bad!name', 'a'.repeat(21), '', undefined]) {
        expectBadRequest(await registerUser({ user, pass: 'secret123' }), MSG.usernameInvalid);
      }
      expectBadRequest(await registerUser({ user: 'gooduser', pass: '12345' }), MSG.passwordTooShort);
      expectBadRequest(await registerUser({ user: 'gooduser', pass: 'x'.repeat(33) }), MSG.passwordTooShort);
      expectBadRequest(await registerUser({ user: 'gooduser' }), MSG.passwordInvalid);
      expectBadRequest(await post('/v1/user/login', { user: '', pass: 'x' }), MSG.usernameInvalid);
      expectBadRequest(await post('/v1/user/login', { user: '   ', pass: 'x' }), MSG.usernameInvalid);
      expectBadRequest(await post('/v1/user/login', { user: 'someone', pass: '' }), MSG.passwordInvalid);
    });

    it('gives the same refusal for a wrong password and an unknown or password-less account', async () => {
      const name = `pw_${Date.now().toString(36)}`;
      await registerUser({ user: name, pass: 'secret123' });
      expectRefused(await post('/v1/user/login', { user: name, pass: 'wrong-pass' }), MSG.accountOrPasswordWrong);
      expectRefused(await post('/v1/user/login', { user: `nobody_${name}`, pass: 'secret123' }), MSG.accountOrPasswordWrong);
      const { user } = await t.loginAs();
      expectRefused(await post('/v1/user/login', { user: user.phone, pass: 'anything' }), MSG.accountOrPasswordWrong);
    });

    it('limits login attempts per IP', async () => {
      const ip = randomIp();
      for (let i = 0; i < LIMITS.loginAttemptsPerIpPerMinute; i++) {
        expect((await post('/v1/user/login', { user: `nobody_${i}`, pass: 'x' }, {}, ip)).status).toBe(200);
      }
      const r = await post('/v1/user/login', { user: 'nobody_last', pass: 'x' }, {}, ip);
      expect(r.status).toBe(429);
      expect(r.body.msg).toBe(MSG.loginTooMany);
      // The same budget covers code login and register from that address.
      expect((await post('/v1/user/phoneLogin', { phone: newPhone(), code: '123456' }, {}, ip)).status).toBe(429);
      expect((await post('/v1/user/login', { user: 'nobody_last', pass: 'x' })).status).toBe(200);
    });
  });

  describe('GET /v1/user/info and logout', () => {
    it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
      const cases: Record<string, string>[] = [{}, { token: 'garbage!' }, { token: 'A'.repeat(43) }, { authorization: 'Bearer nope' }];
      for (const headers of cases) {
        const r = await get('/v1/user/info?app_channel=web', headers);
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ code: 401, msg: MSG.unauthorized, data: null });
      }
    });

    it('returns the user info for the token header and for Authorization: Bearer', async () => {
      const { token, user } = await t.loginAs();
      const a = await get('/v1/user/info?app_channel=web', { token });
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({ id: user.id, phone: user.phone, token, access_token: token, appid: APP_ID });
      const b = await get('/v1/user/info', { authorization: `Bearer ${token}` });
      expect(b.body.data.id).toBe(user.id);
    });

    it('reports vipTime as 永久有效 or the expiry in Asia/Shanghai', async () => {
      const { token, user } = await t.loginAs();
      const db = t.ctx.database.db;
      await db.update(users).set({ vip: 52, vipPermanent: true }).where(eq(users.id, user.id));
      expect((await get('/v1/user/info', { token })).body.data.vipTime).toBe(VIP_TIME_PERMANENT);
      await db
        .update(users)
        .set({ vip: 3, vipPermanent: false, vipExpiresAt: new Date('2030-06-30T16:30:05Z') })
        .where(eq(users.id, user.id));
      const info = (await get('/v1/user/info', { token })).body.data;
      expect(info.vipTime).toBe('2030-07-01 00:30:05');
      expect(info.vip).toBe(3);
    });

    it('stores only the token hash and refuses an expired token', async () => {
      const { token, user } = await t.loginAs();
      const db = t.ctx.database.db;
      const rows = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      const days = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 86_400_000;
      expect(days).toBe(t.ctx.config.tokenTtlDays);
      await db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.userId, user.id));
      expect((await get('/v1/user/info', { token })).status).toBe(401);
    });

    it('revokes the token on logout (POST and GET) and leaves other sessions alone', async () => {
      const phone = newPhone();
      const s1 = await t.loginAs(phone);
      const s2 = await t.loginAs(phone);
      expect((await get('/v1/user/info', { token: s1.token })).status).toBe(200);
      const out = await post('/v1/user/logout', undefined, { token: s1.token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ code: 200, msg: MSG.logoutSuccess, data: null });
      // Refused at once, although the session had just been cached.
      expect((await get('/v1/user/info', { token: s1.token })).status).toBe(401);
      expect((await get('/v1/user/info', { token: s2.token })).status).toBe(200);
      const [row] = await t.ctx.database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(s1.token)));
      expect(row?.revokedAt).toBeInstanceOf(Date);

      expect((await get('/v1/user/logout', { token: s2.token })).body.code).toBe(200);
      expect((await get('/v1/user/info', { token: s2.token })).status).toBe(401);
      // Logging out without a session is harmless.
      expect((await post('/v1/user/logout', {})).body.code).toBe(200);
    });
  });
});
