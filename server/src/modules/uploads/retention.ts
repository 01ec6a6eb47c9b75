import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { deleteFilesById, sweepExpiredFiles } from '../files/service';
import { deleteExpiredUploads } from './store';

/**
 * How long uploads are kept (UPLOAD_RETENTION_DAYS, per membership level at upload time) and the
 * sweep that deletes expired ones. An expired upload is refused as soon as it expires (the reads
 * check expires_at); the sweep only frees the space. Every process sweeps: each batch is claimed
 * with FOR UPDATE SKIP LOCKED, so sweepers at the same time split the rows and never wait.
 */

export type RetentionContext = Pick<AppContext, 'config'>;

/** Days an upload of a user at membership level `vip` is kept; 0 = for good. */
export function retentionDays(ctx: RetentionContext, vip: number): number {
  const r = ctx.config.uploads.retentionDays;
  return r.byVip[vip] ?? r.other;
}

/** The expires_at of an upload made now (the database's clock, like the sweep's), or null to keep it. */
export function expiryFor(ctx: RetentionContext, vip: number): SQL | null {
  const days = retentionDays(ctx, vip);
  return days > 0 ? sql`now() + ${days} * interval '1 day'` : null;
}

/**
 * Delete every upload expired by now, `batch` rows per statement, with the stored bytes of its image;
 * answers how many uploads this call deleted. A crash between the two leaves the file row, which
 * expires with the upload, for the file sweep below.
 */
export async function sweepExpiredUploads(ctx: Pick<AppContext, 'database' | 'storage'>, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const { deleted, fileIds } = await deleteExpiredUploads(ctx.database.db, batch);
    await deleteFilesById(ctx, fileIds);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/**
 * Sweep now and then every UPLOAD_SWEEP_INTERVAL_MS on an unref'd timer, until `stop` or the
 * context's shutdown. A sweep still running when the next is due is not doubled.
 */
export function startUploadSweep(ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'shutdown'>, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    // Then every other expired stored file (files API uploads, expiring results), the same way.
    sweepExpiredUploads(ctx)
      .then(async (n) => [n, await sweepExpiredFiles(ctx)] as const)
      .then(([n, f]) => {
        if (n > 0 || f > 0) log.info({ deleted: n, files: f }, 'deleted expired uploads and files');
      })
      .catch((err: unknown) => log.error({ err }, 'upload sweep failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, ctx.config.uploads.sweepEveryMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  ctx.shutdown.signal.addEventListener('abort', stop, { once: true });
  return stop;
}
