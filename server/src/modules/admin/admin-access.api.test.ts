import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Envelope } from '@wanxiang/contract';
import { listRoutes } from '../../http/platform';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { expectAdminOnly, startAdminApp, type HttpMethod } from '../../../test/admin-fixture';
import { testDbKinds } from '../../../test/db';

/**
 * Who may call /api/admin/*: every admin route, found in the built app, answers a visitor 401 and a signed-in user 403
 * (the envelope, Chinese), an admin 200. ADMIN_PHONES grants the role at login (SMS and password), and the grant is
 * audited once. Bad input answers 400 with a Chinese sentence; an unknown user 404.
 */
describe.each(testDbKinds())('admin access on %s', (kind) => {
  const laterAdminPhone = newPhone();
  let t: TestApp;
  let adminPhone: string;
  let adminToken: string;
  let userToken: string;
  let targetId: number;

  beforeAll(async () => {
    // A second entry that never logs in: the list is read with its spaces.
    const a = await startAdminApp(kind, { alsoAdminPhones: ['13000000000'] });
    t = a.t;
    adminPhone = a.admin.phone;
    adminToken = a.admin.token;
    userToken = a.user.token;
    targetId = Number((await t.loginAs()).user.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  type Method = HttpMethod;
  const call = (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? { token } : {}, payload: payload as object | undefined, remoteAddress: randomIp() });

  /** Every admin route with a request an admin may make; the order runs ban before unban. */
  const table = (): { method: 'GET' | 'POST'; route: string; url: string; body?: unknown }[] => [
    { method: 'GET', route: '/api/admin/me', url: '/api/admin/me' },
    { method: 'GET', route: '/api/admin/users', url: '/api/admin/users?keyword=139&page=1&size=5' },
    { method: 'GET', route: '/api/admin/users/:id', url: `/api/admin/users/${targetId}` },
    { method: 'POST', route: '/api/admin/users/:id/points', url: `/api/admin/users/${targetId}/points`, body: { delta: 5, reason: '活动奖励' } },
    {
      method: 'POST',
      route: '/api/admin/users/:id/membership',
      url: `/api/admin/users/${targetId}/membership`,
      body: { vip: 1, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    },
    { method: 'POST', route: '/api/admin/users/:id/ban', url: `/api/admin/users/${targetId}/ban`, body: { reason: '发布违规内容' } },
    { method: 'POST', route: '/api/admin/users/:id/unban', url: `/api/admin/users/${targetId}/unban` },
    { method: 'POST', route: '/api/admin/users/:id/password', url: `/api/admin/users/${targetId}/password`, body: {} },
    { method: 'GET', route: '/api/admin/audit', url: '/api/admin/audit?action=user.&page=1&size=10' },
  ];

  /** This area's routes (other areas add their own /api/admin/* routes and tests). */
  const AREA = /^\/api\/admin\/(me|users|audit)(\/|$)/;
  const adminRoutes = () => listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('the table covers every route of the users and audit area', () => {
    const area = adminRoutes()
      .filter((r) => AREA.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(table().map((r) => `${r.method} ${r.route}`).sort()).toEqual(area);
  });

  it('answers visitors 401, users 403 and admins 200 on every route of the table', async () => {
    for (const r of table()) {
      const visitor = await call(r.method, r.url, undefined, r.body);
      expect(visitor.statusCode, `${r.method} ${r.url} visitor`).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 401, msg: MSG.unauthorized });

      const user = await call(r.method, r.url, userToken, r.body);
      expect(user.statusCode, `${r.method} ${r.url} user`).toBe(403);
      expect(user.json()).toMatchObject({ code: 403, msg: MSG.adminForbidden });

      const admin = await call(r.method, r.url, adminToken, r.body);
      expect(admin.statusCode, `${r.method} ${r.url} admin: ${admin.body}`).toBe(200);
      expect(admin.json<Envelope>().code, admin.body).toBe(200);
    }
  });

  it('every /api/admin route of the app, whichever area adds it, refuses visitors 401 and users 403 before reading input', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(table().length);
    await expectAdminOnly(
      t,
      userToken,
      routes.map((r) => [r.method as Method, r.url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x')] as const),
    );
  });

  it('refuses a visitor before reading its input, and a bad token like none', async () => {
    expect((await call('POST', '/api/admin/users/abc/points', undefined, { delta: 'x' })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/users', 'not-a-real-token-000000000000000000000')).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/users/abc/points', userToken, { delta: 'x' })).statusCode).toBe(403);
  });

  it('ADMIN_PHONES makes an account admin at its SMS login, audited once as config', async () => {
    const me = await call('GET', '/api/admin/me', adminToken);
    expect(me.json().data).toMatchObject({ phone: adminPhone, role: 'admin' });
    // The login answer (user info) names the role, so the site can offer the console; an ordinary account is 'user'.
    expect((await t.loginAs(adminPhone)).user.role).toBe('admin');
    expect((await t.loginAs()).user.role).toBe('user');
    const audit = await call('GET', `/api/admin/audit?action=user.role&target=user:${me.json().data.id}`, adminToken);
    expect(audit.json().data.total).toBe(1);
    expect(audit.json().data.list[0]).toMatchObject({ actorKind: 'config', actorId: null, before: { role: 'user' }, after: { role: 'admin' } });
  });

  it('ADMIN_PHONES also applies at a password login, on a server started with the phone listed later', async () => {
    // The account exists as a plain user first, with a password.
    const { token, user } = await t.loginAs(laterAdminPhone);
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(403);
    const reset = await call('POST', `/api/admin/users/${user.id}/password`, adminToken, { password: 'secret-123' });
    expect(reset.json().code).toBe(200);
    // A second server on the same database whose ADMIN_PHONES now lists the phone.
    const b = await createTestApp(kind, { env: { ADMIN_PHONES: laterAdminPhone }, overrides: { database: t.ctx.database } });
    try {
      const login = await b.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { user: laterAdminPhone, pass: 'secret-123' },
        remoteAddress: randomIp(),
      });
      expect(login.json().code).toBe(200);
      const me = await b.app.inject({ method: 'GET', url: '/api/admin/me', headers: { token: login.json().data.token } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.role).toBe('admin');
    } finally {
      await b.app.close();
    }
  });

  it('answers bad input with 400 and a Chinese sentence, an unknown user with 404', async () => {
    const bad: [string, 'GET' | 'POST', string, unknown?][] = [
      [MSG.adminPageInvalid, 'GET', '/api/admin/users?page=0'],
      [MSG.adminSizeInvalid, 'GET', '/api/admin/users?size=1000'],
      [MSG.adminKeywordInvalid, 'GET', `/api/admin/users?keyword=${'x'.repeat(65)}`],
      [MSG.adminUserIdInvalid, 'GET', '/api/admin/users/abc'],
      [MSG.adminUserIdInvalid, 'POST', '/api/admin/users/-3/ban', { reason: 'x' }],
      [MSG.adminPointsDeltaInvalid, 'POST', `/api/admin/users/${targetId}/points`, { delta: 0, reason: '补偿' }],
      [MSG.adminPointsDeltaInvalid, 'POST', `/api/admin/users/${targetId}/points`, { delta: 1.5, reason: '补偿' }],
      [MSG.adminPointsDeltaInvalid, 'POST', `/api/admin/users/${targetId}/points`, { delta: 2_000_000, reason: '补偿' }],
      [MSG.adminPointsReasonInvalid, 'POST', `/api/admin/users/${targetId}/points`, { delta: 5, reason: '   ' }],
      [MSG.adminPointsReasonInvalid, 'POST', `/api/admin/users/${targetId}/points`, { delta: 5 }],
      [MSG.adminMembershipTermRequired, 'POST', `/api/admin/users/${targetId}/membership`, { vip: 3 }],
      [MSG.adminMembershipTermRequired, 'POST', `/api/admin/users/${targetId}/membership`, { vip: 3, permanent: true, expiresAt: '2099-01-01T00:00:00Z' }],
      [MSG.adminMembershipFreeNoTerm, 'POST', `/api/admin/users/${targetId}/membership`, { vip: 0, permanent: true }],
      [MSG.adminVipInvalid, 'POST', `/api/admin/users/${targetId}/membership`, { vip: -1, permanent: true }],
      [MSG.adminExpiresAtInvalid, 'POST', `/api/admin/users/${targetId}/membership`, { vip: 2, expiresAt: '明天' }],
      [MSG.adminBanReasonInvalid, 'POST', `/api/admin/users/${targetId}/ban`, {}],
      [MSG.adminBanReasonInvalid, 'POST', `/api/admin/users/${targetId}/ban`, { reason: 'x'.repeat(201) }],
      [MSG.adminPasswordInvalid, 'POST', `/api/admin/users/${targetId}/password`, { password: '123' }],
      [MSG.adminActionFilterInvalid, 'GET', '/api/admin/audit?action=DROP%20TABLE'],
      [MSG.adminTargetFilterInvalid, 'GET', '/api/admin/audit?target=user:1:2'],
    ];
    for (const [msg, method, url, body] of bad) {
      const res = await call(method, url, adminToken, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toEqual({ code: 400, msg, data: null });
    }
    for (const [method, url, body] of [
      ['GET', '/api/admin/users/99999999'],
      ['POST', '/api/admin/users/99999999/points', { delta: 1, reason: '补偿' }],
      ['POST', '/api/admin/users/99999999/ban', { reason: '违规' }],
    ] as const) {
      const res = await call(method, url, adminToken, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: MSG.adminUserNotFound, data: null });
    }
  });
});
