import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/*
 * Helpers every store shares for raw SQL. They lived in modules/points/ledger.ts, which made other modules (and the
 * engines) import the points module to run a query; ledger.ts re-exports them for the imports not moved yet.
 */

/** A drizzle handle or an open transaction on it. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw query: both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
