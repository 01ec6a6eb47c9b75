import type { AppContext } from '../../context';
import { migrationsApplied, pingDatabase } from '../../db/status';

/** A database that has not answered in this long counts as down (a hung pool must not hang the probe). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  database: 'ok' | 'down';
  /** `unknown` when the database did not answer. */
  migrations: 'ok' | 'pending' | 'unknown';
  /** The process is shutting down: it finishes what it has and takes nothing new. */
  draining: boolean;
}

/**
 * Whether this process should get traffic: not draining (from SIGTERM on: streams/registry.ts), the database
 * answers and every migration shipped with this build is applied.
 */
export async function readiness(ctx: Pick<AppContext, 'database' | 'streams'>): Promise<{ ready: boolean; checks: Readiness }> {
  const draining = ctx.streams.draining;
  let checks: Readiness;
  try {
    const applied = await withTimeout(
      (async () => {
        await pingDatabase(ctx.database);
        return migrationsApplied(ctx.database);
      })(),
      READY_CHECK_TIMEOUT_MS,
    );
    checks = { database: 'ok', migrations: applied ? 'ok' : 'pending', draining };
  } catch {
    checks = { database: 'down', migrations: 'unknown', draining };
  }
  return { ready: !draining && checks.database === 'ok' && checks.migrations === 'ok', checks };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
