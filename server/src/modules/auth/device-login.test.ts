import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type DeviceTokenRes, type Envelope, type UserInfo } from '@wanxiang/contract';
import { deviceTokens } from '../../db/schema';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { registerCaptchaToken } from '../captcha/testing';
import { hashToken } from './tokens';

describe.each(testDbKinds())('remembered accounts: device tokens (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(url: string, payload: object, token?: string) =>
    (await t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: token ? { token } : {}, remoteAddress: randomIp() })).json<
      Envelope<T>
    >();
  const issue = async (token: string) => (await post<DeviceTokenRes>('/v1/user/deviceToken', {}, token)).data;

  it('needs a session to issue or revoke', async () => {
    expect((await post('/v1/user/deviceToken', {})).code).toBe(Code.UNAUTHORIZED);
    expect((await post('/v1/user/deviceToken/revoke', {})).code).toBe(Code.UNAUTHORIZED);
  });

  it('issues a 90-day token stored only as a hash, and trades it for a new session by phone', async () => {
    const { token, user } = await t.loginAs();
    const d = await issue(token);
    expect(d.device_token).toMatch(/^[\w-]{43}$/);
    expect(d.expires_at * 1000 - Date.now()).toBeGreaterThan(89 * 86_400_000);
    const rows = await t.ctx.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(d.device_token));
    expect(JSON.stringify(rows)).not.toContain(d.device_token);

    const login = await post<UserInfo>('/v1/user/deviceLogin', { account: user.phone, device_token: d.device_token });
    expect(login).toMatchObject({ code: 200, msg: MSG.loginSuccess });
    expect(login.data.id).toBe(user.id);
    expect(login.data.token).not.toBe(token);
    const [used] = await t.ctx.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    // Logging out the session keeps the remembered device.
    await post('/v1/user/logout', {}, login.data.token);
    expect((await post('/v1/user/deviceLogin', { account: user.phone, device_token: d.device_token })).code).toBe(200);
  });

  it('works for a username account (any case) and refuses another account name', async () => {
    const ip = randomIp();
    const name = `Dev_${Date.now().toString(36)}`;
    const reg = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { user: name, pass: 'secret123', captcha_token: await registerCaptchaToken(t.app, ip) },
        remoteAddress: ip,
      })
    ).json<Envelope<UserInfo>>().data;
    const d = await issue(reg.token);
    expect((await post<UserInfo>('/v1/user/deviceLogin', { account: name.toUpperCase(), device_token: d.device_token })).data.id).toBe(
      reg.id,
    );
    const other = await t.loginAs();
    expect(await post('/v1/user/deviceLogin', { account: other.user.phone, device_token: d.device_token })).toEqual({
      code: Code.FAILED,
      msg: MSG.deviceLoginInvalid,
      data: null,
    });
  });

  it('refuses revoked, expired, unknown and malformed tokens with the Chinese message', async () => {
    const { token, user } = await t.loginAs();
    const one = await issue(token);
    const two = await issue(token);
    const three = await issue(token);
    expect((await post<{ revoked: number }>('/v1/user/deviceToken/revoke', { device_token: one.device_token }, token)).data.revoked).toBe(
      1,
    );
    expect(await post('/v1/user/deviceLogin', { account: user.phone, device_token: one.device_token })).toMatchObject({
      code: Code.FAILED,
      msg: MSG.deviceLoginInvalid,
    });
    expect((await post('/v1/user/deviceLogin', { account: user.phone, device_token: two.device_token })).code).toBe(200);

    await t.ctx.database.db
      .update(deviceTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceTokens.tokenHash, hashToken(two.device_token)));
    expect((await post('/v1/user/deviceLogin', { account: user.phone, device_token: two.device_token })).msg).toBe(MSG.deviceLoginInvalid);

    // Revoke all: the remaining one dies too.
    expect((await post<{ revoked: number }>('/v1/user/deviceToken/revoke', {}, token)).data.revoked).toBe(2);
    expect((await post('/v1/user/deviceLogin', { account: user.phone, device_token: three.device_token })).msg).toBe(
      MSG.deviceLoginInvalid,
    );

    expect((await post('/v1/user/deviceLogin', { account: user.phone, device_token: 'x'.repeat(43) })).msg).toBe(MSG.deviceLoginInvalid);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/deviceLogin',
      payload: { account: user.phone, device_token: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: MSG.deviceLoginInvalid });
  });

  it('a user cannot revoke someone else’s token', async () => {
    const a = await t.loginAs();
    const b = await t.loginAs();
    const d = await issue(a.token);
    expect((await post<{ revoked: number }>('/v1/user/deviceToken/revoke', { device_token: d.device_token }, b.token)).data.revoked).toBe(
      0,
    );
    expect((await post('/v1/user/deviceLogin', { account: a.user.phone, device_token: d.device_token })).code).toBe(200);
  });
});
