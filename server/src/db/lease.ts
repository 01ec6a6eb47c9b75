import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/**
 * Jobs that must run once per cluster (payment reconcile, quota reaper) run under a lease row in
 * `job_leases`: one process holds it and renews it on each run; the others skip their turn until
 * it expires (the holder died) or is released (the holder stopped). The same SQL works on PGlite,
 * where the one process always holds it, and on PostgreSQL shared by N processes.
 */

/** A name for one running job in one process: host:pid:random (two starts in one process differ). */
export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 128);
}

/**
 * Take or renew the lease `name` for `ttlMs` from now (the database's clock). Answers whether
 * `holder` holds it now: true when it was free, expired or already ours; false when another
 * live holder has it. One conditional upsert, so two takers at once cannot both win.
 */
export async function tryAcquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const res = (await db.execute(sql`
    INSERT INTO job_leases (name, holder, expires_at)
    VALUES (${name}, ${holder}, now() + ${ttlMs}::int * interval '1 millisecond')
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= now()
    RETURNING holder`)) as unknown as { rows: unknown[] };
  return res.rows.length === 1;
}

/** Give the lease up if `holder` has it, so another process takes over at its next turn. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`DELETE FROM job_leases WHERE name = ${name} AND holder = ${holder}`);
}

export interface ClusterJobOptions {
  /** The lease's name, one per job kind. */
  name: string;
  /** How often each process tries; the holder runs the job this often. */
  everyMs: number;
  run: () => Promise<void>;
  /** Also try once right away (the reaper: holds left by a crash are released at boot). */
  runAtStart?: boolean;
  /** Stop when this aborts (the context's shutdown signal). */
  signal?: AbortSignal;
  /** Where a failed run or lease query is reported. */
  onError?: (err: unknown) => void;
}

/**
 * Run `run` every `everyMs` in whichever process holds the lease. The lease outlives two missed
 * turns, so a holder busy with one slow run keeps it, and a dead holder's job moves to another
 * process within about 2 x everyMs. Returns `stop`: clears the timer and releases the lease.
 */
export function startClusterJob(database: Database, opts: ClusterJobOptions): () => Promise<void> {
  const holder = newHolderId();
  const ttlMs = 2 * opts.everyMs + 5_000;
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    // A run slower than the interval must not overlap the next one in this process.
    if (current || stopped) return;
    current = (async () => {
      try {
        if (await tryAcquireLease(database.db, opts.name, holder, ttlMs)) await opts.run();
      } catch (err) {
        opts.onError?.(err);
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(tick, opts.everyMs);
  // The job alone must not keep the process (or a test worker) alive.
  timer.unref();
  if (opts.runAtStart) tick();

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    // Release after the turn in flight, or its acquire could take the lease back right after.
    await current;
    // Best effort: the database may already be closing; the lease then simply expires.
    await releaseLease(database.db, opts.name, holder).catch(() => undefined);
  };
  const onAbort = () => void stop();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  return stop;
}
