import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { rows } from '../../db/sql';
import { createTestApp, newPhone, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { runAdminCli } from './cli';

/**
 * `npm run admin -w server -- grant|revoke|list`: the role changes on the server's database with an audit row (actor
 * cli), a second run changes nothing, and a running server that shares the store (Redis in production; here the test
 * app's own store) reads the new role on the very next request, though it had the session cached.
 */
describe.each(testDbKinds())('admin CLI on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCli({ database: t.ctx.database, config: t.ctx.config, kv: t.ctx.kv }, args, (l) => lines.push(l));
    return { code, lines };
  };
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { token } });
  const auditRows = (userId: number) =>
    rows<{ actor_kind: string; actor_id: number | null; action: string; before: unknown; after: unknown }>(
      t.ctx.database.db,
      sql`SELECT actor_kind, actor_id, action, before, after FROM admin_audit WHERE target_type = 'user' AND target_id = ${String(userId)} ORDER BY id`,
    );

  it('grants and revokes the admin role by phone, audited as cli, effective on the next request', async () => {
    const phone = newPhone();
    const { token, user } = await t.loginAs(phone);
    const id = Number(user.id);
    expect((await me(token)).statusCode).toBe(403);

    const grant = await run('grant', phone);
    expect(grant.code).toBe(0);
    expect(grant.lines.join('\n')).toContain('role user -> admin');
    expect((await me(token)).json()).toMatchObject({ code: 200, data: { id, role: 'admin' } });

    const again = await run('grant', phone);
    expect(again.code).toBe(0);
    expect(again.lines.join('\n')).toContain('nothing changed');

    const list = await run('list');
    expect(list.lines.some((l) => l.startsWith(`${id}\t${phone}`))).toBe(true);

    const revoke = await run('revoke', phone);
    expect(revoke.code).toBe(0);
    expect(revoke.lines.join('\n')).toContain('role admin -> user');
    const after = await me(token);
    expect(after.statusCode).toBe(403);
    expect(after.json().msg).toBe(MSG.adminForbidden);

    expect(await auditRows(id)).toEqual([
      { actor_kind: 'cli', actor_id: null, action: 'user.role', before: { role: 'user' }, after: { role: 'admin' } },
      { actor_kind: 'cli', actor_id: null, action: 'user.role', before: { role: 'admin' }, after: { role: 'user' } },
    ]);
  });

  it('says so for an unknown phone, a bad phone and bad usage, changing nothing', async () => {
    expect(await run('grant', newPhone())).toMatchObject({ code: 1 });
    expect((await run('grant', '12345')).code).toBe(2);
    expect((await run('promote', newPhone())).code).toBe(2);
    expect((await run('grant')).code).toBe(2);
    expect((await run()).lines).toEqual(['usage: admin grant <phone> | revoke <phone> | list']);
  });

  it('warns that a revoked phone still in ADMIN_PHONES gets the role back at its next login', async () => {
    const phone = newPhone();
    const b = await createTestApp(kind, { env: { ADMIN_PHONES: phone }, overrides: { database: t.ctx.database } });
    try {
      await b.loginAs(phone);
      const lines: string[] = [];
      const code = await runAdminCli({ database: b.ctx.database, config: b.ctx.config }, ['revoke', phone], (l) => lines.push(l));
      expect(code).toBe(0);
      expect(lines.join('\n')).toContain('ADMIN_PHONES');
      const relogin = await b.loginAs(phone);
      expect((await b.app.inject({ method: 'GET', url: '/api/admin/me', headers: { token: relogin.token } })).statusCode).toBe(200);
    } finally {
      await b.app.close();
    }
  });
});
