import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../../infra/kv';
import { Code, GATE_LIMITS, MSG, type CaptchaChallenge, type CaptchaPass, type Envelope } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { consumeCaptchaToken, dragPasses, issueChallenge, verifyDrag } from './service';
import { humanTrail } from './testing';

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

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const stores: Array<[string, () => Promise<KeyValueStore>]> = [['memory', async () => createMemoryStore()]];
if (await redisAnswers(redisUrl)) stores.push(['redis', () => createRedisStore(redisUrl, `wx-test:${randomBytes(6).toString('hex')}:`)]);

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
