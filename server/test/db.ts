import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, wrapPglite, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplateUrl: string;
  }
}

export type TestDbKind = 'pglite' | 'postgres';

/** The database kinds every DB test runs on: PGlite always, PostgreSQL when it answers. */
export function testDbKinds(): TestDbKind[] {
  return inject('pgTemplateUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteTemplate: Promise<PGlite> | null = null;

/** A fresh, migrated, isolated database of the given kind; close() drops it. */
export async function openTestDatabase(kind: TestDbKind): Promise<Database> {
  return kind === 'postgres' ? openPostgresClone() : openPgliteClone();
}

async function openPgliteClone(): Promise<Database> {
  // Migrating PGlite costs seconds; migrate once per worker and clone per test.
  pgliteTemplate ??= (async () => {
    const d = await openDatabase({});
    return (d.db as unknown as { $client: PGlite }).$client;
  })();
  const template = await pgliteTemplate;
  return wrapPglite((await template.clone()) as PGlite);
}

async function openPostgresClone(): Promise<Database> {
  const templateUrl = inject('pgTemplateUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `wx_t_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(templateUrl, name), poolSize: 10, migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * A second server instance's handle on the same database as `first` (an open test database):
 * its own connection pool on PostgreSQL; on PGlite, which is one process, the same instance
 * (closing it leaves `first` open).
 */
export async function openSecondInstance(first: Database, kind: TestDbKind): Promise<Database> {
  if (kind === 'pglite') return { ...first, close: async () => undefined };
  const url = (first.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  return openDatabase({ url, poolSize: 4, migrate: false });
}
