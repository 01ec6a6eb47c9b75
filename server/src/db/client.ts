import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle every store uses; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (used by tests and maintenance). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  migrate?: boolean;
}

/** Open PGlite (default) or PostgreSQL and apply the same migrations to either. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url, opts.poolSize ?? 20) : await openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir ? join(dataDir, 'pglite') : undefined);
  await client.waitReady;
  return wrapPglite(client);
}

/** A Database over an open PGlite instance (also used by tests on their cloned instances). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: url, max });
  // An idle connection that fails (PostgreSQL restarting) is dropped by the pool; without a
  // listener the 'error' event would crash the process.
  pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection failed: ${err.message}`));
  // Fail fast at boot when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzle(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // pool.end() resolves before its sockets are closed; wait for every client's 'remove'
      // so callers (shutdown, tests dropping the database) really find it closed.
      let open = pool.totalCount;
      const drained = open === 0 ? Promise.resolve() : new Promise<void>((r) => pool.on('remove', () => --open <= 0 && r()));
      await pool.end();
      await drained;
    },
  };
}

/**
 * Key of the session advisory lock migrations run under (any constant bigint; this one spells
 * "wxmigrat" in ASCII so it is recognisable in pg_locks).
 */
export const MIGRATION_LOCK_KEY = 0x77786d6967726174n;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // One process owns a PGlite directory: nothing to race with.
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // N processes starting together would each find nothing applied and run the same files at once
  // (CREATE races, duplicate journal rows). The first takes the lock and migrates; the others wait
  // on it, then find everything applied. The lock is per connection, so migrate on that connection.
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const conn = await pool.connect();
  let broken: Error | undefined;
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle(conn, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch((err: Error) => {
        // A connection that cannot unlock must not go back to the pool still holding the lock.
        broken = err;
      });
    }
  } finally {
    conn.release(broken);
  }
}
