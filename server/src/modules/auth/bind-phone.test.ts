import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, MSG, type CaptchaChallenge, type CaptchaPass, type Envelope, type UserInfo } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { humanTrail, registerCaptchaToken } from '../captcha/testing';
import { ledgerSum } from '../points/ledger';
import { rows } from '../../db/sql';

/**
 * Phone binding over HTTP: captcha -> token -> binding code -> bindPhone, +10 points once per
 * person and once per number, a number of another account refused, and chat allowed afterwards.
 * The test config has SMS_FIXED_CODE=123456; binding still needs a code sent through the
 * captcha-guarded call.
 */
describe.each(testDbKinds())('phone binding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO_TOKEN_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(url: string, token: string | undefined, payload: unknown = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: token ? { token } : {},
      payload: payload as object,
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  /** An account registered by user name and password: it has no phone. */
  const register = async () => {
    const ip = randomIp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: {
        user: `bind_${Date.now() % 1e9}_${Math.floor(Math.random() * 1e4)}`,
        pass: 'secret123',
        captcha_token: await registerCaptchaToken(t.app, ip),
      },
      remoteAddress: ip,
    });
    const info = res.json<Envelope<UserInfo>>().data;
    expect(info.phone).toBe('');
    return { token: info.token, user: info };
  };
  const captchaToken = async (token: string) => {
    const c = (await post<CaptchaChallenge>('/v1/captcha/slider', token)).body.data;
    return (await post<CaptchaPass>('/v1/captcha/slider/verify', token, { id: c.id, x: 400, trail: humanTrail(400) })).body.data.token;
  };
  const sendCode = async (token: string, phone: string) =>
    post('/v1/user/sendBindSmsCode', token, { phone, captchaToken: await captchaToken(token) });
  const balanced = async (userId: number) => {
    const [row] = await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${userId}::bigint`);
    expect(await ledgerSum(t.ctx.database.db, userId)).toBe(Number(row!.points));
    return Number(row!.points);
  };

  it('a user without a phone is refused chat; captcha, code and bind give the phone and 10 points once', async () => {
    const { token, user } = await register();
    const chat = await post('/v1/chat2/deepseek_v3', token, { prompt: '你好' });
    expect(chat.body).toMatchObject({ code: Code.NEED_PHONE, msg: MSG.needPhone });

    const phone = newPhone();
    const sent = await sendCode(token, phone);
    expect(sent.body).toEqual({ code: 200, msg: MSG.smsSent, data: null });
    const code = t.sms.lastCode(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    // Asking again during the countdown: 请等待2分钟后再试！
    expect((await sendCode(token, phone)).body).toMatchObject({ code: Code.RATE_LIMITED, msg: MSG.smsWait });

    const bound = await post<UserInfo>('/v1/user/bindPhone', token, { phone, code });
    expect(bound.body.code).toBe(200);
    expect(bound.body.msg).toBe(MSG.bindPhoneSuccess);
    expect(bound.body.data).toMatchObject({ id: user.id, phone, points: 10 });
    expect(await balanced(user.id)).toBe(10);
    // User info reloads with the phone; chat is allowed at once.
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token } });
    expect(info.json<Envelope<UserInfo>>().data).toMatchObject({ phone, points: 10 });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat2/v35',
      headers: { token },
      payload: { prompt: '你好 [demo:tokens=1]' },
    });
    expect(after.headers['content-type']).toMatch(/text\/event-stream/);

    // Binding again is refused and gives nothing.
    expect((await post('/v1/user/bindPhone', token, { phone, code })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.phoneAlreadyBound,
    });
    expect((await post('/v1/user/sendBindSmsCode', token, { phone: newPhone(), captchaToken: 'x' })).body.msg).toBe(MSG.phoneAlreadyBound);
    expect(await balanced(user.id)).toBe(10);
  });

  it('the binding code needs a captcha token, used once; a login code does not bind', async () => {
    const { token } = await register();
    const phone = newPhone();
    expect((await post('/v1/user/sendBindSmsCode', token, { phone })).body).toMatchObject({ code: 400, msg: MSG.captchaRequired });
    expect((await post('/v1/user/sendBindSmsCode', token, { phone, captchaToken: 'forged-token' })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.captchaRequired,
    });
    expect(t.sms.lastCode(phone)).toBeUndefined();
    // Without a binding code sent, even the development fixed code does not bind.
    expect((await post('/v1/user/bindPhone', token, { phone, code: '123456' })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.smsCodeExpired,
    });
    const ct = await captchaToken(token);
    expect((await post('/v1/user/sendBindSmsCode', token, { phone, captchaToken: ct })).body.code).toBe(200);
    const phone2 = newPhone();
    expect((await post('/v1/user/sendBindSmsCode', token, { phone: phone2, captchaToken: ct })).body.msg).toBe(MSG.captchaRequired);
    // A wrong code is refused with the code message.
    expect((await post('/v1/user/bindPhone', token, { phone, code: '000000' })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.smsWrongCode,
    });
  });

  it('checks the phone and code rules with the spec messages', async () => {
    const { token } = await register();
    expect((await post('/v1/user/bindPhone', token, { phone: '12345', code: '1234' })).body).toMatchObject({
      code: 400,
      msg: MSG.phoneInvalid,
    });
    expect((await post('/v1/user/bindPhone', token, { phone: newPhone(), code: '12' })).body).toMatchObject({
      code: 400,
      msg: MSG.smsCodeInvalid,
    });
    expect((await post('/v1/user/sendBindSmsCode', token, { phone: '1234', captchaToken: 'x' })).body).toMatchObject({
      code: 400,
      msg: MSG.phoneInvalid,
    });
    expect((await post('/v1/user/bindPhone', undefined, { phone: newPhone(), code: '1234' })).status).toBe(401);
  });

  it('refuses a phone bound to another account', async () => {
    const owner = await t.loginAs();
    const { token } = await register();
    expect((await post('/v1/user/sendBindSmsCode', token, { phone: owner.user.phone, captchaToken: 'x' })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.phoneTaken,
    });
    expect((await post('/v1/user/bindPhone', token, { phone: owner.user.phone, code: '123456' })).body.msg).toBe(MSG.phoneTaken);
  });

  it('two accounts racing for one number: one binds, the other is refused, 10 points paid once', async () => {
    const a = await register();
    const b = await register();
    const phone = newPhone();
    await sendCode(a.token, phone);
    const code = t.sms.lastCode(phone)!;
    const [ra, rb] = await Promise.all([
      post('/v1/user/bindPhone', a.token, { phone, code: '123456' }),
      post('/v1/user/bindPhone', b.token, { phone, code }),
    ]);
    const codes = [ra.body.code, rb.body.code].sort((x, y) => x - y);
    expect(codes).toEqual([200, Code.FAILED]);
    expect([ra, rb].find((r) => r.body.code !== 200)!.body.msg).toBe(MSG.phoneTaken);
    expect((await balanced(a.user.id)) + (await balanced(b.user.id))).toBe(10);
  });

  it('a number that already earned the bonus never earns it again', async () => {
    const first = await register();
    const phone = newPhone();
    await sendCode(first.token, phone);
    expect((await post<UserInfo>('/v1/user/bindPhone', first.token, { phone, code: t.sms.lastCode(phone)! })).body.data.points).toBe(10);
    // The first account goes away (deleted by an operator); the number is free again.
    await t.ctx.database.db.execute(sql`UPDATE users SET phone = NULL WHERE id = ${first.user.id}::bigint`);
    const second = await register();
    await t.ctx.database.db.execute(sql`DELETE FROM sms_codes WHERE phone = ${phone}::varchar`);
    await sendCode(second.token, phone);
    const bound = await post<UserInfo>('/v1/user/bindPhone', second.token, { phone, code: t.sms.lastCode(phone)! });
    expect(bound.body).toMatchObject({ code: 200, data: { phone, points: 0 } });
    expect(await balanced(second.user.id)).toBe(0);
  });
});
