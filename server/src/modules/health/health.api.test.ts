import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';

/**
 * QUALITY G20: GET /api/health says the process is alive; GET /api/ready says it can serve (the
 * database answers, every migration is applied, not shutting down) and answers 503 otherwise,
 * so a load balancer stops sending traffic to it.
 */
describe.each(testDbKinds())('health and readiness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('health answers 200 without a login and is never cached', async () => {
    const r = await get('/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
    expect(r.headers['cache-control']).toBe('no-store');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
  });

  it('ready answers 200 when the database answers and every migration is applied', async () => {
    const r = await get('/api/ready');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, msg: 'success', data: { database: 'ok', migrations: 'ok', draining: false } });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 while a migration is missing, 200 again once it is applied', async () => {
    const last = (await t.ctx.database.db.execute(
      'SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const row = last.rows[0]!;
    await t.ctx.database.exec(`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${row.id}`);
    try {
      const r = await get('/api/ready');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ code: 503, msg: MSG.notReady, data: { database: 'ok', migrations: 'pending', draining: false } });
    } finally {
      await t.ctx.database.exec(
        `INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, '${row.hash}', ${row.created_at})`,
      );
    }
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 from the first moment of a drain (SIGTERM: running answers still finish), health stays 200', async () => {
    const other = await createTestApp(kind);
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      other.ctx.streams.startDraining();
      const r = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ code: 503, msg: MSG.notReady, data: { database: 'ok', migrations: 'ok', draining: true } });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 once the shutdown signal fired, health stays 200', async () => {
    const other = await createTestApp(kind);
    try {
      other.ctx.shutdown.abort();
      const r = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 503, msg: MSG.notReady, data: { draining: true } });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 when the database is gone, health stays 200', async () => {
    const other = await createTestApp(kind);
    try {
      await other.ctx.database.close();
      const r = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ code: 503, msg: MSG.notReady, data: { database: 'down', migrations: 'unknown', draining: false } });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
