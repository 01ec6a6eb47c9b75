import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase } from './client';

/**
 * 0004 moves a user agent's tools out of its suggestions (where they rode behind a U+001F
 * marker) into the new tools column: a database at 0003 with such a row comes out clean.
 */
describe('migration 0004_message_extras', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wx-mig-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('moves marked tools out of user agents suggestions, keeping the order of both', async () => {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo3 = { ...journal, entries: journal.entries.filter((e) => e.tag < '0004') };
    writeFileSync(journalPath, JSON.stringify(upTo3));

    const database = await openDatabase({ migrate: false });
    try {
      await migrate(database.db as never, { migrationsFolder: dir });
      const marked = JSON.stringify(['第一个建议', '\u001ftool:web_browser', '第二个建议', '\u001ftool:calculator']);
      await database.exec(`INSERT INTO user_agents (sn, user_id, name, model, suggestions) VALUES
        ('a1', 1, '有工具', 'v35', '${marked}'::jsonb),
        ('a2', 1, '无工具', 'v35', '["只有建议"]'::jsonb),
        ('a3', 1, '只有工具', 'v35', '["\\u001ftool:web_browser"]'::jsonb)`);

      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(database.db as never, { migrationsFolder: dir });
      const rows = (await database.db.execute('SELECT sn, suggestions, tools FROM user_agents ORDER BY sn')) as unknown as {
        rows: { sn: string; suggestions: string[]; tools: string[] }[];
      };
      expect(rows.rows).toEqual([
        { sn: 'a1', suggestions: ['第一个建议', '第二个建议'], tools: ['web_browser', 'calculator'] },
        { sn: 'a2', suggestions: ['只有建议'], tools: [] },
        { sn: 'a3', suggestions: [], tools: ['web_browser'] },
      ]);
      // The messages column is there and empty for old rows.
      const cols = (await database.db.execute(
        "SELECT data_type FROM information_schema.columns WHERE table_name = 'messages' AND column_name = 'extras'",
      )) as unknown as { rows: { data_type: string }[] };
      expect(cols.rows).toEqual([{ data_type: 'jsonb' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
