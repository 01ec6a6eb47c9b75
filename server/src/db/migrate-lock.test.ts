import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { MIGRATIONS_DIR, openDatabase } from './client';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const templateUrl = inject('pgTemplateUrl');

/**
 * N server processes starting together on one empty PostgreSQL database: without a lock each
 * sees no migrations applied and runs 0000 at once (CREATE TABLE races, duplicate journal rows).
 * Each open below has its own pool, as separate processes would.
 */
describe.skipIf(!templateUrl)('migrations on PostgreSQL from several processes at once', () => {
  it('applies each migration exactly once and every process starts', async () => {
    const name = `wx_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(templateUrl, name);
    try {
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url, poolSize: 2 })));
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
      expect(opened.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);

      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const { rows } = await check.query<{ n: string; distinct: string }>(
        'SELECT count(*) AS n, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
      );
      await check.end();
      expect(rows[0]).toEqual({ n: String(journal.entries.length), distinct: String(journal.entries.length) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
