import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LOGIN_LIMITS, MSG, type ClientCodeRes, type Envelope, type UserInfo } from '@wanxiang/contract';
import { authTokens } from '../../db/schema';
import { createMemoryStore } from '../../infra/kv';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';

/**
 * The desktop client's hand-over (issue 11, item 6): a one-time code, issued to a signed-in
 * session and exchanged once by POST, instead of a session token in the address.
 */
describe('desktop client one-time login code', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp('pglite', { overrides: { kv: createMemoryStore({ now: () => clock }) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const issue = async (token?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/clientCode', headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<ClientCodeRes>>() };
  };
  const exchange = async (client_code: string, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/clientLogin',
      payload: { client_code, app_channel: 'pc' },
      headers: token ? { token } : {},
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<UserInfo>>() };
  };
  const sessions = async (userId: number) => (await t.ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, userId))).length;

  it('needs a signed-in session to issue; a code logs in once, as its account, with a session of its own', async () => {
    expect((await issue()).status).toBe(401);
    const desktop = await t.loginAs();
    const code = (await issue(desktop.token)).body.data;
    expect(code.client_code).toMatch(/^[\w-]{43}$/);
    expect(code.expires_in).toBe(LOGIN_LIMITS.clientCodeTtlSec);
    const page = await exchange(code.client_code);
    expect(page.body).toMatchObject({ code: Code.OK, msg: MSG.loginSuccess });
    expect(page.body.data.id).toBe(desktop.user.id);
    expect(page.body.data.token).not.toBe(desktop.token);
    expect(await exchange(code.client_code)).toMatchObject({ status: 200, body: { code: Code.FAILED, msg: MSG.clientCodeInvalid } });
  });

  it('racing exchanges of one code make one session', async () => {
    const desktop = await t.loginAs();
    const { client_code } = (await issue(desktop.token)).body.data;
    const before = await sessions(desktop.user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => exchange(client_code)));
    expect(results.filter((r) => r.body.code === Code.OK)).toHaveLength(1);
    expect(await sessions(desktop.user.id)).toBe(before + 1);
  });

  it('a code dies after its lifetime; garbage is a 400', async () => {
    const desktop = await t.loginAs();
    const { client_code } = (await issue(desktop.token)).body.data;
    clock += (LOGIN_LIMITS.clientCodeTtlSec + 1) * 1000;
    expect((await exchange(client_code)).body).toMatchObject({ code: Code.FAILED, msg: MSG.clientCodeInvalid });
    expect((await exchange('not a code')).status).toBe(400);
  });

  it('a page already signed in as that account keeps its session; another account gets a new one (the page asks)', async () => {
    const desktop = await t.loginAs();
    const sameBrowser = await t.loginAs(desktop.user.phone);
    const { client_code } = (await issue(desktop.token)).body.data;
    const before = await sessions(desktop.user.id);
    const same = await exchange(client_code, sameBrowser.token);
    expect(same.body.data).toMatchObject({ id: desktop.user.id, token: sameBrowser.token });
    expect(await sessions(desktop.user.id)).toBe(before);

    const other = await t.loginAs();
    const second = (await issue(desktop.token)).body.data.client_code;
    const switched = await exchange(second, other.token);
    expect(switched.body.data.id).toBe(desktop.user.id);
    expect(switched.body.data.token).not.toBe(other.token);
  });
});
