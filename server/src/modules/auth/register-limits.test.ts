import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type UserInfo } from '@wanxiang/contract';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { registerCaptchaToken } from '../captcha/testing';

/**
 * Registrations per address and per browser (issue 11, item 7): the slider alone can be passed
 * by a script, so new accounts are also counted per 24 hours, atomically.
 */
describe('registration limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { REGISTER_PER_IP_PER_DAY: '3', REGISTER_PER_DEVICE_PER_DAY: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  const newName = () => `rl_${Date.now().toString(36)}_${n++}`;
  const register = async (ip: string, extra: Record<string, unknown> = {}, user = newName()) => {
    const captcha_token = await registerCaptchaToken(t.app, ip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { user, pass: 'secret123', captcha_token, ...extra },
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json<Envelope<UserInfo>>() };
  };

  it('one address registers at most the daily number of accounts; another address is not affected', async () => {
    const ip = randomIp();
    const first = await register(ip);
    expect(first.body.code).toBe(Code.OK);
    // A name already taken is refused before it counts.
    expect((await register(ip, {}, first.body.data.account)).body.msg).toBe(MSG.accountExists);
    for (let i = 0; i < 2; i++) expect((await register(ip)).body.code).toBe(Code.OK);
    const over = await register(ip);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, msg: MSG.registerTooMany, data: null });
    expect((await register(randomIp())).body.code).toBe(Code.OK);
  });

  it('concurrent registrations from one address cannot pass the count', async () => {
    const ip = randomIp();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => registerCaptchaToken(t.app, ip)));
    const results = await Promise.all(
      tokens.map((captcha_token) =>
        t.app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { user: newName(), pass: 'secret123', captcha_token }, remoteAddress: ip }),
      ),
    );
    expect(results.filter((r) => r.json<Envelope<unknown>>().code === Code.OK)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('one browser (device_id) registers at most its daily number, whatever the address', async () => {
    const device_id = `dev-${Date.now().toString(36)}-abc`;
    for (let i = 0; i < 2; i++) expect((await register(randomIp(), { device_id })).body.code).toBe(Code.OK);
    const over = await register(randomIp(), { device_id });
    expect(over.body).toMatchObject({ code: 429, msg: MSG.registerTooMany });
    expect((await register(randomIp(), { device_id: 'bad id!' })).status).toBe(400);
  });
});
