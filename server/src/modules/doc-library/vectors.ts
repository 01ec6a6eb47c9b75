import type { Database } from '../../db/client';

/**
 * Whether this database compares vectors itself (pgvector). Checked once per database: the
 * extension installed, or available and installable (CREATE EXTENSION needs the right to; a
 * refusal simply means no). Debian's PostgreSQL 15 has no pgvector, nor has this PGlite build
 * (0.5.x ships it as a separate package): there the server compares the vectors of the one
 * document searched (bounded by the document's chunk count).
 */
const known = new WeakMap<object, Promise<boolean>>();

export function hasPgvector(database: Pick<Database, 'db'>): Promise<boolean> {
  let answer = known.get(database.db);
  if (!answer) {
    answer = probe(database).catch(() => false);
    known.set(database.db, answer);
  }
  return answer;
}

async function probe(database: Pick<Database, 'db'>): Promise<boolean> {
  const { sql } = await import('drizzle-orm');
  const rows = (r: unknown) => (r as { rows: unknown[] }).rows;
  if (rows(await database.db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'vector'`)).length) return true;
  if (!rows(await database.db.execute(sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`)).length) return false;
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  return true;
}
