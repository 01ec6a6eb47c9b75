import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDbKinds } from '../../test/db';
import { openDatabase, type Database } from './client';
import { releaseLease, startClusterJob, tryAcquireLease } from './lease';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A second handle on the same database, as a second server process has: on PostgreSQL its own
 * pool; PGlite belongs to one process, so there the two "instances" share the handle.
 */
async function secondHandle(first: Database): Promise<Database> {
  if (first.kind === 'pglite') return { ...first, close: async () => undefined };
  const url = (first.db as unknown as { $client: Pool }).$client.options.connectionString!;
  return openDatabase({ url, poolSize: 4, migrate: false });
}

describe.each(testDbKinds())('job leases on %s', (kind) => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openTestDatabase(kind);
    b = await secondHandle(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('one holder at a time: renewed by its holder, taken over only after expiry, released by its holder only', async () => {
    expect(await tryAcquireLease(a.db, 'l1', 'A', 300)).toBe(true);
    expect(await tryAcquireLease(b.db, 'l1', 'B', 300)).toBe(false);
    expect(await tryAcquireLease(a.db, 'l1', 'A', 300)).toBe(true);
    await releaseLease(b.db, 'l1', 'B');
    expect(await tryAcquireLease(b.db, 'l1', 'B', 300)).toBe(false);
    await sleep(350);
    expect(await tryAcquireLease(b.db, 'l1', 'B', 300)).toBe(true);
    expect(await tryAcquireLease(a.db, 'l1', 'A', 300)).toBe(false);
    await releaseLease(b.db, 'l1', 'B');
    expect(await tryAcquireLease(a.db, 'l1', 'A', 300)).toBe(true);
  });

  it('of 12 processes taking a free lease at the same moment, exactly one wins', async () => {
    const wins = await Promise.all(Array.from({ length: 12 }, (_, i) => tryAcquireLease(i % 2 ? a.db : b.db, 'l2', `H${i}`, 60_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('a job started in two instances runs in one of them; when that one stops, the other takes over', async () => {
    const runs = { a: 0, b: 0 };
    const errors: unknown[] = [];
    const job = (db: Database, who: 'a' | 'b') =>
      startClusterJob(db, {
        name: 'l3',
        everyMs: 40,
        runAtStart: true,
        run: async () => {
          runs[who]++;
        },
        onError: (err) => errors.push(err),
      });
    const stopA = job(a, 'a');
    const stopB = job(b, 'b');
    await vi.waitFor(() => expect(runs.a + runs.b).toBeGreaterThanOrEqual(5), { timeout: 5_000, interval: 20 });
    expect(errors).toEqual([]);
    const [holder, idle] = runs.a > 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    expect(runs[idle]).toBe(0);

    // The holder stops (a rolling restart): it releases, and the other runs from its next turn.
    await (holder === 'a' ? stopA() : stopB());
    const before = runs[holder];
    await vi.waitFor(() => expect(runs[idle]).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 20 });
    expect(runs[holder]).toBe(before);
    await (holder === 'a' ? stopB() : stopA());
    expect(errors).toEqual([]);
  });

  it('a holder that died without releasing is replaced once its lease expires', async () => {
    // A crashed process: its lease row stays until it expires.
    expect(await tryAcquireLease(a.db, 'l4', 'dead:1:x', 1_500)).toBe(true);
    const started = Date.now();
    let firstRun = 0;
    const stop = startClusterJob(b, {
      name: 'l4',
      everyMs: 50,
      runAtStart: true,
      run: async () => void (firstRun ||= Date.now()),
    });
    await vi.waitFor(() => expect(firstRun).toBeGreaterThan(0), { timeout: 6_000, interval: 20 });
    expect(firstRun - started).toBeGreaterThanOrEqual(1_400);
    await stop();
  });

  it('stops on the shutdown signal and lets the lease go', async () => {
    const shutdown = new AbortController();
    let runs = 0;
    startClusterJob(a, { name: 'l5', everyMs: 30, runAtStart: true, signal: shutdown.signal, run: async () => void runs++ });
    await sleep(100);
    shutdown.abort();
    await sleep(50);
    const at = runs;
    await sleep(150);
    expect(runs).toBe(at);
    expect(await tryAcquireLease(b.db, 'l5', 'other', 1_000)).toBe(true);
  });
});
