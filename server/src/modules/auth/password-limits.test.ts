import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type UserInfo } from '@wanxiang/contract';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { registerCaptchaToken } from '../captcha/testing';
import { ACCOUNT_FAILURES_BEFORE_SLOWDOWN, PASSWORD_CHECKS_PER_ADDRESS, slowdownSec } from './password-guard';

/**
 * Password login limits (issue 11, item 7): the count is taken before the check (concurrent
 * guesses cannot slip past it), per account and address, and the account-wide reaction is a
 * growing slowdown for unfamiliar addresses that suggests SMS login, not a lock on the owner.
 */
describe('password login limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (user: string, pass: string, ip = randomIp()) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { user, pass }, remoteAddress: ip });
    return { status: res.statusCode, body: res.json<Envelope<UserInfo>>() };
  };
  /** A password account registered from `ip` (that address is then known to it). */
  const account = async (ip = randomIp()) => {
    const user = `pl_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const captcha_token = await registerCaptchaToken(t.app, ip);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { user, pass: 'secret123', captcha_token }, remoteAddress: ip });
    expect(res.json<Envelope<UserInfo>>().code).toBe(Code.OK);
    return { user, ip };
  };
  const wrong = (r: { body: Envelope<unknown> }) => r.body.msg === MSG.accountOrPasswordWrong;
  const slowed = (r: { status: number; body: Envelope<unknown> }) => r.status === 429 && r.body.msg === MSG.passwordTooManyTries;

  it('19 concurrent wrong passwords from one address: at most the cap are checked, the rest are 429', async () => {
    const { user } = await account();
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 19 }, (_, i) => login(user, `wrong${i}`, ip)));
    expect(results.filter(wrong).length).toBeLessThanOrEqual(PASSWORD_CHECKS_PER_ADDRESS);
    expect(results.filter(slowed).length).toBeGreaterThanOrEqual(19 - PASSWORD_CHECKS_PER_ADDRESS);
    expect(results.every((r) => wrong(r) || slowed(r))).toBe(true);
  });

  it('the cap is per account and address: that address waits, another still logs in', async () => {
    const { user } = await account();
    const ip = randomIp();
    for (let i = 0; i < PASSWORD_CHECKS_PER_ADDRESS; i++) expect(wrong(await login(user, `bad${i}`, ip))).toBe(true);
    const refused = await login(user, 'secret123', ip);
    expect(slowed(refused)).toBe(true);
    expect(refused.body.msg).toContain('验证码登录');
    expect((await login(user, 'secret123')).body.code).toBe(Code.OK);
  });

  it('guesses from many addresses do not lock the owner out of a familiar address', async () => {
    const { user, ip: home } = await account();
    for (let a = 0; a < 10; a++) {
      const ip = randomIp();
      for (let i = 0; i < 3; i++) await login(user, `guess${a}-${i}`, ip);
    }
    const owner = await login(user, 'secret123', home);
    expect(owner.body).toMatchObject({ code: Code.OK, msg: MSG.loginSuccess });
  });

  it('past the threshold, unfamiliar addresses are slowed down (one check per interval), not refused for good', async () => {
    const { user } = await account();
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_SLOWDOWN; i++) expect(wrong(await login(user, `w${i}`))).toBe(true);
    // The first unfamiliar address of the interval is still checked; the next one waits.
    expect(wrong(await login(user, 'again1'))).toBe(true);
    expect(slowed(await login(user, 'again2'))).toBe(true);
    // SMS login is untouched.
    const phone = newPhone();
    const sms = await t.app.inject({ method: 'POST', url: '/api/v1/user/phoneLogin', payload: { phone, code: '123456' }, remoteAddress: randomIp() });
    expect(sms.json<Envelope<unknown>>().code).toBe(Code.OK);
  });

  it('the slowdown grows with the failures and stays bounded', () => {
    expect(slowdownSec(ACCOUNT_FAILURES_BEFORE_SLOWDOWN - 1)).toBe(0);
    const steps = [0, 5, 10, 15, 20, 100, 10_000].map((extra) => slowdownSec(ACCOUNT_FAILURES_BEFORE_SLOWDOWN + extra));
    expect(steps[0]).toBeGreaterThan(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]!);
    expect(steps.at(-1)).toBeLessThanOrEqual(60);
    expect(steps.at(-1)).toBeGreaterThan(steps[0]!);
  });
});
