import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase } from './client';

/** 0006 gives uploads an expiry; uploads made before it get 30 days from their upload, none vanishes at once. */
describe('migration 0006_upload_expiry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wx-mig-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets expires_at of existing uploads to created_at + 30 days', async () => {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.tag < '0006') }));

    const database = await openDatabase({ migrate: false });
    try {
      await migrate(database.db as never, { migrationsFolder: dir });
      await database.exec(`INSERT INTO uploads (id, user_id, kind, name, created_at) VALUES
        ('old', 1, 'doc', 'a.txt', '2026-01-01T00:00:00Z'), ('new', 2, 'doc', 'b.txt', now())`);
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(database.db as never, { migrationsFolder: dir });
      const rows = (await database.db.execute(
        `SELECT id, extract(epoch from expires_at - created_at) / 86400 AS days FROM uploads ORDER BY id`,
      )) as unknown as { rows: { id: string; days: string | number }[] };
      expect(rows.rows.map((r) => [r.id, Number(r.days)])).toEqual([
        ['new', 30],
        ['old', 30],
      ]);
    } finally {
      await database.close();
    }
  });
});
