import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Database } from './client';

/** The `when` of the newest migration shipped with this build (drizzle's journal). */
const latestShipped = (() => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
})();

/** The database answers a trivial query; throws otherwise. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`SELECT 1`);
}

/**
 * Whether the newest shipped migration is applied. Drizzle records each applied file with its
 * journal time as `created_at` and applies every file newer than the newest row, so comparing the
 * newest row with the newest file is exactly its own test.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const res = (await database.db.execute(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`)) as unknown as {
    rows: { newest: string | number | null }[];
  };
  const newest = res.rows[0]?.newest;
  return newest != null && Number(newest) >= latestShipped;
}
