import { userInfo } from 'node:os';
import pg from 'pg';

/**
 * A temporary PostgreSQL database for a bench round, or null when no server answers. Uses
 * BENCH_DATABASE_URL as is when set; otherwise creates one next to TEST_DATABASE_URL or on
 * 127.0.0.1:5432 and drops it afterwards.
 */
export async function temporaryPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/postgres');
  // Local trust auth: connect as the OS user, as psql would.
  if (!base.username) base.username = process.env.PGUSER ?? userInfo().username;
  const admin = new pg.Client({ connectionString: base.toString(), connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `wx_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
