import pg from 'pg';
import { openDatabase } from '../src/db/client';

/**
 * Runs once before the server tests. When TEST_DATABASE_URL answers, it builds a migrated
 * template database that each test clones (CREATE DATABASE ... TEMPLATE), so every test gets
 * its own database. When it does not answer, the PostgreSQL variants are skipped, with a line saying so.
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('[db] TEST_DATABASE_URL not set: database tests run on PGlite only (PostgreSQL variants skipped)');
    provide('pgTemplateUrl', '');
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`[db] PostgreSQL at TEST_DATABASE_URL is not reachable (${(err as Error).message}): PostgreSQL variants skipped`);
    provide('pgTemplateUrl', '');
    return;
  }
  const template = `wx_tmpl_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(url, template);
  const db = await openDatabase({ url: templateUrl, poolSize: 1 });
  await db.close();
  console.log(`[db] PostgreSQL template ${template} migrated: database tests also run on PostgreSQL`);
  provide('pgTemplateUrl', templateUrl);
  return async () => {
    // Drop the per-test databases left behind and the template.
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'wx_t_${process.pid}_%'`);
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
