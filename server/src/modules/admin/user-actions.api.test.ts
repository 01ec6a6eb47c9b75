import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type AdminAuditItem, type AdminUserDetail } from '@wanxiang/contract';
import { ledgerSum } from '../points/ledger';
import { resolveSessionToken } from '../auth/service';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';
import { testDbKinds } from '../../../test/db';

/**
 * What an admin does to an account, through the API: points (seen in the user's own bill, never below zero), membership
 * (seen by the user's live session at once), ban (the session ends at once, login refused) and unban, password reset.
 * Each change writes one audit row with before and after; a refused change writes none.
 */
describe.each(testDbKinds())('admin user actions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    const a = await startAdminApp(kind);
    t = a.t;
    admin = a.admin.token;
    adminId = a.admin.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { token }, payload: payload as object | undefined, remoteAddress: randomIp() });
  const post = (url: string, payload?: unknown) => call('POST', url, admin, payload);
  const auditOf = async (userId: number, action: string): Promise<AdminAuditItem[]> =>
    (await call('GET', `/api/admin/audit?action=${action}&target=user:${userId}`, admin)).json().data.list;

  it('grants and deducts points as ledger rows the user sees in the bill, never below zero', async () => {
    const { token, user } = await t.loginAs();
    const id = Number(user.id);
    const grant = await post(`/api/admin/users/${id}/points`, { delta: 50, reason: '服务故障补偿' });
    expect(grant.json()).toMatchObject({ code: 200, msg: MSG.adminPointsDone, data: { balance: 50 } });
    const deduct = await post(`/api/admin/users/${id}/points`, { delta: -20, reason: '误发积分收回' });
    expect(deduct.json().data.balance).toBe(30);

    const bill = await call('POST', '/api/v2/points/bill', token, { type: 0, page: 1, rows: 10 });
    expect(bill.json().data.points).toBe(30);
    expect(bill.json().data.list.slice(0, 2)).toMatchObject([
      { delta: -20, balance_after: 30, reason: 'admin', reason_text: '平台调整', note: '误发积分收回' },
      { delta: 50, balance_after: 50, reason: 'admin', reason_text: '平台调整', note: '服务故障补偿' },
    ]);

    // Past the balance: refused, nothing written, no audit row.
    const tooMuch = await post(`/api/admin/users/${id}/points`, { delta: -31, reason: '扣除' });
    expect(tooMuch.statusCode).toBe(200);
    expect(tooMuch.json()).toMatchObject({ code: 1000, msg: MSG.adminPointsInsufficient });
    expect((await call('POST', '/api/v1/user/points', token)).json().data.points).toBe(30);
    expect(await ledgerSum(t.ctx.database.db, id)).toBe(30);

    const rows = await auditOf(id, 'user.points');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: adminId,
      action: 'user.points',
      targetType: 'user',
      targetId: String(id),
      before: { points: 50 },
      after: { points: 30, delta: -20, reason: '误发积分收回' },
    });
    expect(rows[1]).toMatchObject({ before: { points: 0 }, after: { points: 50, delta: 50 } });
    expect(rows[0]!.ip).not.toBe('');
  });

  it('concurrent deductions never take the balance below zero', async () => {
    const { user } = await t.loginAs();
    const id = Number(user.id);
    await post(`/api/admin/users/${id}/points`, { delta: 10, reason: '测试' });
    const results = await Promise.all(Array.from({ length: 6 }, () => post(`/api/admin/users/${id}/points`, { delta: -3, reason: '并发扣除' })));
    const done = results.filter((r) => r.json().code === 200).length;
    expect(done).toBe(3);
    expect(await ledgerSum(t.ctx.database.db, id)).toBe(1);
    expect(await auditOf(id, 'user.points')).toHaveLength(4);
  });

  it('sets membership, seen at once by the live session, and audits the old and new term', async () => {
    const { token, user } = await t.loginAs();
    const id = Number(user.id);
    // The session is cached with vip 0.
    expect((await resolveSessionToken(t.ctx, token))?.vip).toBe(0);
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await post(`/api/admin/users/${id}/membership`, { vip: 3, expiresAt, vipType: '年卡' });
    expect(res.json()).toMatchObject({ code: 200, msg: MSG.adminMembershipDone, data: { vip: 3, vipType: '年卡', vipExpiresAt: expiresAt, vipPermanent: false } });
    expect((await resolveSessionToken(t.ctx, token))?.vip).toBe(3);
    expect((await call('GET', '/api/v1/user/info', token)).json().data.vip).toBe(3);

    const permanent = await post(`/api/admin/users/${id}/membership`, { vip: 4, permanent: true });
    expect(permanent.json().data).toMatchObject({ vip: 4, vipType: '年卡', vipPermanent: true, vipExpiresAt: null });
    const free = await post(`/api/admin/users/${id}/membership`, { vip: 0 });
    expect(free.json().data).toMatchObject({ vip: 0, vipType: '', vipPermanent: false });
    expect((await resolveSessionToken(t.ctx, token))?.vip).toBe(0);

    const past = await post(`/api/admin/users/${id}/membership`, { vip: 2, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.json()).toMatchObject({ code: 1000, msg: MSG.adminExpiresAtPast });

    const rows = await auditOf(id, 'user.membership');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      before: { vip: 0, vipType: '', vipPermanent: false, vipExpiresAt: null },
      after: { vip: 3, vipType: '年卡', vipPermanent: false, vipExpiresAt: expiresAt },
    });
    expect(rows[0]).toMatchObject({ before: { vip: 4, vipPermanent: true }, after: { vip: 0, vipPermanent: false } });
  });

  it('a ban ends the sessions at once and blocks login; unban lets the user log in again', async () => {
    const phone = newPhone();
    const { token, user } = await t.loginAs(phone);
    const id = Number(user.id);
    const device = (await call('POST', '/api/v1/user/deviceToken', token)).json().data.device_token as string;
    // Cached in this process before the ban.
    expect((await call('GET', '/api/v1/user/info', token)).statusCode).toBe(200);

    const ban = await post(`/api/admin/users/${id}/ban`, { reason: '发布违规广告' });
    expect(ban.json()).toMatchObject({ code: 200, msg: MSG.adminBanDone, data: { user: { banned: true, banReason: '发布违规广告' }, sessionsEnded: 2 } });
    const next = await call('GET', '/api/v1/user/info', token);
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(401);

    const sms = await t.app.inject({ method: 'POST', url: '/api/v1/user/phoneLogin', payload: { phone, code: '123456' }, remoteAddress: randomIp() });
    expect(sms.json()).toMatchObject({ code: 1000, msg: MSG.adminBannedLogin });
    const byDevice = await t.app.inject({ method: 'POST', url: '/api/v1/user/deviceLogin', payload: { account: phone, device_token: device }, remoteAddress: randomIp() });
    expect(byDevice.json().code).toBe(1000);

    expect((await post(`/api/admin/users/${id}/ban`, { reason: '再次封禁' })).json()).toMatchObject({ code: 1000, msg: MSG.adminAlreadyBanned });
    const detail = (await call('GET', `/api/admin/users/${id}`, admin)).json().data as AdminUserDetail;
    expect(detail.user.banned).toBe(true);
    expect(detail.sessions.every((s) => !s.live && s.revokedAt !== null)).toBe(true);
    expect(detail.devices.every((d) => !d.live)).toBe(true);

    const unban = await post(`/api/admin/users/${id}/unban`);
    expect(unban.json()).toMatchObject({ code: 200, msg: MSG.adminUnbanDone, data: { banned: false, banReason: '' } });
    expect((await post(`/api/admin/users/${id}/unban`)).json()).toMatchObject({ code: 1000, msg: MSG.adminNotBanned });
    // The old session stays ended; a new login works.
    expect((await call('GET', '/api/v1/user/info', token)).statusCode).toBe(401);
    const again = await t.loginAs(phone);
    expect((await call('GET', '/api/v1/user/info', again.token)).statusCode).toBe(200);

    const banRows = await auditOf(id, 'user.ban');
    expect(banRows).toHaveLength(1);
    expect(banRows[0]).toMatchObject({ before: { banned: false }, after: { banned: true, reason: '发布违规广告', sessionsEnded: 2 } });
    const unbanRows = await auditOf(id, 'user.unban');
    expect(unbanRows).toHaveLength(1);
    expect(unbanRows[0]).toMatchObject({ before: { banned: true, reason: '发布违规广告' }, after: { banned: false } });
  });

  it('does not ban an admin or the caller itself', async () => {
    expect((await post(`/api/admin/users/${adminId}/ban`, { reason: '测试' })).json()).toMatchObject({ code: 1000, msg: MSG.adminBanSelfRefused });
    const other = newPhone();
    const b = await createTestApp(kind, { env: { ADMIN_PHONES: other }, overrides: { database: t.ctx.database } });
    try {
      const otherAdmin = await b.loginAs(other);
      const res = await post(`/api/admin/users/${otherAdmin.user.id}/ban`, { reason: '测试' });
      expect(res.json()).toMatchObject({ code: 1000, msg: MSG.adminBanAdminRefused });
    } finally {
      await b.app.close();
    }
  });

  it('resets a password (generated once, or given), ending every session; the audit row holds no secret', async () => {
    const phone = newPhone();
    const { token, user } = await t.loginAs(phone);
    const id = Number(user.id);
    const res = await post(`/api/admin/users/${id}/password`);
    expect(res.json()).toMatchObject({ code: 200, msg: MSG.adminPasswordDone, data: { sessionsEnded: 1 } });
    const generated = res.json().data.password as string;
    expect(generated).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect((await call('GET', '/api/v1/user/info', token)).statusCode).toBe(401);
    const login = (pass: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { user: phone, pass }, remoteAddress: randomIp() });
    expect((await login(generated)).json().code).toBe(200);

    const given = await post(`/api/admin/users/${id}/password`, { password: 'my-new-pass' });
    expect(given.json().data).toEqual({ password: null, sessionsEnded: 1 });
    expect((await login(generated)).json().code).toBe(1000);
    expect((await login('my-new-pass')).json().code).toBe(200);

    const rows = await auditOf(id, 'user.password');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ before: { hasPassword: false }, after: { hasPassword: true, generated: true, sessionsEnded: 1 } });
    expect(rows[0]).toMatchObject({ before: { hasPassword: true }, after: { hasPassword: true, generated: false } });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(generated);
    expect(text).not.toContain('my-new-pass');
    expect(text).not.toContain('$argon2');
  });

  it('lists users by id, phone or nick, paged, and shows one account with its orders, ledger, usage and sessions', async () => {
    const phone = newPhone();
    const { user } = await t.loginAs(phone);
    const id = Number(user.id);
    const byPhone = (await call('GET', `/api/admin/users?keyword=${phone.slice(3)}`, admin)).json().data;
    expect(byPhone.total).toBe(1);
    expect(byPhone.list[0]).toMatchObject({ id, phone, role: 'user', banned: false, vip: 0, points: 0 });
    const byId = (await call('GET', `/api/admin/users?keyword=${id}`, admin)).json().data;
    expect(byId.list.map((u: { id: number }) => u.id)).toContain(id);
    const byNick = (await call('GET', `/api/admin/users?keyword=${encodeURIComponent(user.nick)}`, admin)).json().data;
    expect(byNick.list.map((u: { id: number }) => u.id)).toContain(id);
    // A LIKE wildcard is a literal character, not "anything".
    expect((await call('GET', '/api/admin/users?keyword=%25', admin)).json().data.total).toBe(0);

    const page1 = (await call('GET', '/api/admin/users?page=1&size=2', admin)).json().data;
    const page2 = (await call('GET', '/api/admin/users?page=2&size=2', admin)).json().data;
    expect(page1.list).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(4);
    expect(page1.list[0].id).toBeGreaterThan(page2.list[0].id);

    await post(`/api/admin/users/${id}/points`, { delta: 7, reason: '欢迎' });
    const detail = (await call('GET', `/api/admin/users/${id}`, admin)).json().data as AdminUserDetail;
    expect(detail.user).toMatchObject({ id, phone, points: 7, hasPassword: false });
    expect(detail.points.balance).toBe(7);
    expect(detail.points.recent[0]).toMatchObject({ delta: 7, reason: 'admin', note: '欢迎' });
    expect(detail.orders).toEqual([]);
    expect(detail.usage.quota.find((q) => q.key === 'chat')).toBeDefined();
    expect(detail.usage).toMatchObject({ conversations: 0, messages: 0, tasks: 0 });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toMatchObject({ live: true, revokedAt: null });
    expect(JSON.stringify(detail)).not.toContain('token_hash');
  });

  it('answers the audit log newest first, paged and filtered; the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    const all = (await call('GET', '/api/admin/audit?page=1&size=100', admin)).json().data;
    expect(all.total).toBeGreaterThan(5);
    const ids = all.list.map((r: AdminAuditItem) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = (await call('GET', '/api/admin/audit?page=2&size=2', admin)).json().data;
    expect(page2.list.map((r: AdminAuditItem) => r.id)).toEqual(ids.slice(2, 4));
    const bans = (await call('GET', '/api/admin/audit?action=user.ban', admin)).json().data;
    expect(bans.list.every((r: AdminAuditItem) => r.action === 'user.ban')).toBe(true);
    const areaUser = (await call('GET', '/api/admin/audit?action=user.&size=100', admin)).json().data;
    expect(areaUser.total).toBe(all.total);
    expect((await call('GET', '/api/admin/audit?action=money.', admin)).json().data).toMatchObject({ list: [], total: 0 });

    for (const stmt of ['UPDATE admin_audit SET action = \'x\'', 'DELETE FROM admin_audit', 'TRUNCATE admin_audit']) {
      await expect(t.ctx.database.exec(stmt)).rejects.toThrow(/append-only/);
    }
    expect((await call('GET', '/api/admin/audit?size=1', admin)).json().data.total).toBe(all.total);
  });
});
