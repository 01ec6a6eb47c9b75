import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../../infra/kv';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';
import {
  Code,
  GATE_LIMITS,
  LOGIN_LIMITS,
  MSG,
  type CaptchaChallenge,
  type CaptchaPass,
  type Envelope,
  type UserInfo,
} from '@wanxiang/contract';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { consumeCaptchaToken, dragPasses, issueChallenge, verifyDrag } from './service';
import { humanTrail, registerCaptchaToken } from './testing';

describe('dragPasses (the server rule)', () => {
  it('accepts a drag to the target within the tolerance, and refuses the rest', () => {
    expect(dragPasses(400, humanTrail(400))).toBe(true);
    expect(dragPasses(396, humanTrail(396))).toBe(true);
    expect(dragPasses(380, humanTrail(380))).toBe(false);
    expect(dragPasses(460, humanTrail(460))).toBe(false);
    // A posted constant: no trail, one point, instant, or starting at the end.
    expect(dragPasses(400, [])).toBe(false);
    expect(dragPasses(400, [[400, 0]])).toBe(false);
    expect(dragPasses(400, humanTrail(400, 20))).toBe(false);
    expect(
      dragPasses(
        400,
        humanTrail(400).map(([px, t]) => [px + 200, t] as [number, number]),
      ),
    ).toBe(false);
    // Time running backwards, or a trail that does not end where the handle was let go.
    expect(dragPasses(400, humanTrail(400).reverse())).toBe(false);
    expect(dragPasses(400, [...humanTrail(400), [200, 700]])).toBe(false);
  });
});

describe('slider captcha over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(url: string, token: string | undefined, payload: unknown = {}) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, headers: token ? { token } : {}, payload: payload as object })).json<
      Envelope<T>
    >();
  const challenge = async (token: string) => (await post<CaptchaChallenge>('/v1/captcha/slider', token)).data;

  it('needs a login', async () => {
    expect((await post('/v1/captcha/slider', undefined)).code).toBe(Code.UNAUTHORIZED);
    expect((await post('/v1/captcha/slider/verify', undefined, { id: 'x', x: 400, trail: [] })).code).toBe(Code.UNAUTHORIZED);
  });

  it('issues target 400 on a 460 track; a good drag earns a token usable once', async () => {
    const { token, user } = await t.loginAs();
    const c = await challenge(token);
    expect(c).toMatchObject({ target: GATE_LIMITS.captchaTarget, width: GATE_LIMITS.captchaWidth, expiresInSec: 120 });
    const pass = await post<CaptchaPass>('/v1/captcha/slider/verify', token, { id: c.id, x: 400, trail: humanTrail(400) });
    expect(pass).toMatchObject({ code: 200, msg: MSG.captchaPassed });
    expect(pass.data.token.length).toBeGreaterThan(20);
    await expect(consumeCaptchaToken(t.ctx, user.id, 'bind_phone', pass.data.token)).resolves.toBeUndefined();
    await expect(consumeCaptchaToken(t.ctx, user.id, 'bind_phone', pass.data.token)).rejects.toMatchObject({
      message: MSG.captchaRequired,
    });
  });

  it('a challenge gets one try: replaying a passing drag, or retrying after a miss, fails', async () => {
    const { token } = await t.loginAs();
    const c = await challenge(token);
    const body = { id: c.id, x: 400, trail: humanTrail(400) };
    const [a, b] = await Promise.all([post('/v1/captcha/slider/verify', token, body), post('/v1/captcha/slider/verify', token, body)]);
    expect([a.code, b.code].sort((x, y) => x - y)).toEqual([200, Code.FAILED]);
    expect([a, b].find((r) => r.code !== 200)!.msg).toBe(MSG.captchaFailed);

    const miss = await challenge(token);
    expect(await post('/v1/captcha/slider/verify', token, { id: miss.id, x: 250, trail: humanTrail(250) })).toMatchObject({
      code: Code.FAILED,
      msg: MSG.captchaFailed,
    });
    expect((await post('/v1/captcha/slider/verify', token, { id: miss.id, x: 400, trail: humanTrail(400) })).code).toBe(Code.FAILED);
  });

  it('refuses unknown and expired challenges, another user’s challenge, and malformed drags', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    expect((await post('/v1/captcha/slider/verify', token, { id: 'nope', x: 400, trail: humanTrail(400) })).msg).toBe(MSG.captchaFailed);
    const c = await challenge(token);
    expect((await post('/v1/captcha/slider/verify', other.token, { id: c.id, x: 400, trail: humanTrail(400) })).msg).toBe(
      MSG.captchaFailed,
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/captcha/slider/verify',
      headers: { token },
      payload: { id: 'x', x: 'far', trail: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: MSG.captchaFailed });
    // Expiry: the key-value store forgets the challenge after its TTL.
    const late = await challenge(token);
    await t.ctx.kv.del(`captcha:c:${late.id}`);
    await expect(verifyDrag(t.ctx, user.id, { id: late.id, x: 400, trail: humanTrail(400) })).rejects.toMatchObject({
      message: MSG.captchaFailed,
    });
  });

  it('a token is bound to its user', async () => {
    const { token } = await t.loginAs();
    const other = await t.loginAs();
    const c = await challenge(token);
    const pass = await post<CaptchaPass>('/v1/captcha/slider/verify', token, { id: c.id, x: 400, trail: humanTrail(400) });
    await expect(consumeCaptchaToken(t.ctx, other.user.id, 'bind_phone', pass.data.token)).rejects.toMatchObject({
      message: MSG.captchaRequired,
    });
  });
});

describe('register slider captcha (anonymous, x=200 on 260)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = async <T>(url: string, payload: object | undefined, ip: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const register = (user: string, captcha_token: string | undefined, ip: string) =>
    post<UserInfo>('/v1/user/register', { user, pass: 'secret123', captcha_token }, ip);

  it('needs no login, issues target 200 on a 260 track, and passes only a drag to 200', async () => {
    const ip = '10.1.2.3';
    const c = (await post<CaptchaChallenge>('/v1/captcha/register', undefined, ip)).body.data;
    expect(c).toMatchObject({ target: LOGIN_LIMITS.registerCaptchaTarget, width: LOGIN_LIMITS.registerCaptchaWidth });
    expect(c).toMatchObject({ target: 200, width: 260 });
    // The phone-binding target (400) is off this track.
    expect((await post('/v1/captcha/register/verify', { id: c.id, x: 400, trail: humanTrail(400) }, ip)).body.msg).toBe(MSG.captchaFailed);
    const c2 = (await post<CaptchaChallenge>('/v1/captcha/register', undefined, ip)).body.data;
    expect((await post('/v1/captcha/register/verify', { id: c2.id, x: 150, trail: humanTrail(150) }, ip)).body.msg).toBe(MSG.captchaFailed);
    const c3 = (await post<CaptchaChallenge>('/v1/captcha/register', undefined, ip)).body.data;
    const pass = await post<CaptchaPass>('/v1/captcha/register/verify', { id: c3.id, x: 200, trail: humanTrail(200) }, ip);
    expect(pass.body).toMatchObject({ code: 200, msg: MSG.captchaSuccess });
    expect(dragPasses(200, humanTrail(200), 200, 260)).toBe(true);
    expect(dragPasses(300, humanTrail(300), 200, 260)).toBe(false);
  });

  it('register requires a token, uses it once, and only from the address that earned it', async () => {
    const ip = randomIp();
    const name = () => `cap_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const missing = await register(name(), undefined, ip);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, msg: MSG.captchaRequired });
    expect((await register(name(), 'x'.repeat(32), ip)).body).toMatchObject({ code: Code.FAILED, msg: MSG.captchaRequired });

    const token = await registerCaptchaToken(t.app, ip);
    expect((await register(name(), token, randomIp())).body.msg).toBe(MSG.captchaRequired);
    const token2 = await registerCaptchaToken(t.app, ip);
    const ok = await register(name(), token2, ip);
    expect(ok.body).toMatchObject({ code: 200, msg: MSG.registerSuccess });
    expect((await register(name(), token2, ip)).body).toMatchObject({ code: Code.FAILED, msg: MSG.captchaRequired });
  });

  it('a bind-phone token does not register, nor a register token bind', async () => {
    const { token: session, user } = await t.loginAs();
    const ip = '127.0.0.1';
    const c = await issueChallenge(t.ctx, user.id, 'bind_phone');
    const bindToken = (await verifyDrag(t.ctx, user.id, { id: c.id, x: 400, trail: humanTrail(400) })).token;
    expect((await register(`mix_${Date.now().toString(36)}`, bindToken, ip)).body.msg).toBe(MSG.captchaRequired);
    const regToken = await registerCaptchaToken(t.app, ip);
    await expect(consumeCaptchaToken(t.ctx, user.id, 'bind_phone', regToken)).rejects.toMatchObject({ message: MSG.captchaRequired });
    expect(session).toBeTruthy();
  });
});

const stores: Array<[string, () => Promise<KeyValueStore>]> = [['memory', async () => createMemoryStore()]];
if (await redisAnswers()) stores.push(['redis', () => createRedisStore(TEST_REDIS_URL, testRedisPrefix())]);

/** One try per challenge and one use per token, also when several server processes share Redis. */
describe.each(stores)('captcha one-time claims on %s', (_kind, open) => {
  let kv: KeyValueStore;
  beforeAll(async () => {
    kv = await open();
  });
  afterAll(async () => {
    await kv?.close();
  });

  it('20 racing verifies of one challenge: one token; 20 racing uses of the token: one succeeds', async () => {
    const ctx = { kv };
    const c = await issueChallenge(ctx, 7, 'bind_phone');
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyDrag(ctx, 7, { id: c.id, x: 400, trail: humanTrail(400) })),
    );
    const passes = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(passes).toHaveLength(1);
    const uses = await Promise.allSettled(Array.from({ length: 20 }, () => consumeCaptchaToken(ctx, 7, 'bind_phone', passes[0]!.token)));
    expect(uses.filter((u) => u.status === 'fulfilled')).toHaveLength(1);
  });
});
