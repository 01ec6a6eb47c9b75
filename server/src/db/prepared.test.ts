import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKinds } from '../../test/db';
import type { Database } from './client';
import { preparedStatement, runPrepared } from './prepared';

/**
 * Prepared statements answer exactly what the same query answers, whatever the text values hold
 * (PGlite writes them as literals: quotes and backslashes must come back unchanged), on the
 * client itself and inside a transaction.
 */
const ECHO = preparedStatement('wx_test_echo', ['varchar', 'int', 'bigint'], `SELECT $1::varchar AS v, $2::int AS n, $3::bigint + 1 AS b`);

describe.each(testDbKinds())('prepared statements on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('bind every value exactly, on every call (the first one prepares)', async () => {
    const texts = ["it's", 'back\\slash \\\' end', "'); DROP TABLE users; --", '中文 E\'x\'', '', 'line\nbreak'];
    for (const v of texts) {
      const rows = await runPrepared<{ v: string; n: number; b: number | string }>(database.db, ECHO, [v, -7, 41]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.v).toBe(v);
      expect(rows[0]!.n).toBe(-7);
      expect(Number(rows[0]!.b)).toBe(42);
    }
    expect((await runPrepared<{ v: string | null }>(database.db, ECHO, [null, 0, 0]))[0]!.v).toBeNull();
    // The users table is still there.
    await database.exec('SELECT count(*) FROM users');
  });

  it('run inside a transaction through drizzle, and concurrently from a fresh start', async () => {
    const rows = await database.db.transaction(async (tx) => runPrepared<{ v: string }>(tx, ECHO, ['tx', 1, 1]));
    expect(rows[0]!.v).toBe('tx');
    const fresh = preparedStatement('wx_test_fresh', ['int'], 'SELECT $1::int * 2 AS d');
    const all = await Promise.all(Array.from({ length: 5 }, (_, i) => runPrepared<{ d: number }>(database.db, fresh, [i])));
    expect(all.map((r) => r[0]!.d)).toEqual([0, 2, 4, 6, 8]);
  });

  it('refuses a value count that does not match the statement', async () => {
    await expect(runPrepared(database.db, ECHO, ['only one'])).rejects.toThrow(/3 parameters, 1 values/);
  });
});
