import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { startClusterJob } from '../../db/lease';
import { deleteFilesById, saveFile } from '../files/service';
import { attachStoredImage, selectImagesWithBytes } from './store';

/**
 * Chat images uploaded before the file store kept their bytes in `uploads.data` (up to 5 MB a row,
 * in the database until the upload expires, and read back with every row). This job moves them:
 * each image's bytes go to the file store (purpose chat-image, expiring with the upload, as new
 * uploads do), then one conditional update sets `file_id` and clears `data` only while the row
 * still has its bytes and no stored file. A second process moving the same row at the same moment
 * (or the expiry sweep deleting it) makes that update match nothing, and the copy just stored is
 * deleted again: running it twice, or in several processes, leaves one file per image. Readers
 * see the row with its bytes, or with its file, never without either.
 */

/** Rows read per batch: at most 5 MB each, so one batch holds at most about 50 MB in memory. */
export const IMAGE_MOVE_BATCH = 10;

export type ImageMoveContext = Pick<AppContext, 'database' | 'storage'>;

/**
 * Move every image still carrying bytes in `uploads.data`, `batch` rows at a time, until none is
 * left; answers how many this call moved. An image a concurrent mover took is skipped; a row the
 * store could not take stops the run (the error goes up), to be tried again on the next run.
 */
export async function moveImageBytesToStore(ctx: ImageMoveContext, batch = IMAGE_MOVE_BATCH): Promise<number> {
  let moved = 0;
  // A row leaves the selection once moved, taken by another mover or swept, so this loop ends.
  for (;;) {
    const rows = await selectImagesWithBytes(ctx.database.db, batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const stored = await saveFile(ctx, {
        userId: row.userId,
        name: row.name,
        contentType: row.mime || 'application/octet-stream',
        body: row.data,
        purpose: 'chat-image',
        expiresAt: row.expiresAt,
      });
      if (await attachStoredImage(ctx.database.db, row.id, stored.id)) moved++;
      else {
        // Another mover won this row, or it was swept meanwhile: this copy would be named by nobody.
        await deleteFilesById(ctx, [stored.id]);
      }
    }
  }
}

/**
 * Run the move at start in whichever process holds the lease 'upload-image-bytes', then again every
 * UPLOAD_SWEEP_INTERVAL_MS (a holder that died hands it on) until a run finds nothing left: no new
 * row ever gets bytes in `data`, so this process's job is then done for good.
 */
export function startImageBytesMove(ctx: ImageMoveContext & Pick<AppContext, 'config' | 'shutdown'>, log: FastifyBaseLogger): () => Promise<void> {
  let stop: () => Promise<void> = async () => undefined;
  stop = startClusterJob(ctx.database, {
    name: 'upload-image-bytes',
    everyMs: ctx.config.uploads.sweepEveryMs,
    runAtStart: true,
    signal: ctx.shutdown.signal,
    run: async () => {
      const moved = await moveImageBytesToStore(ctx);
      if (moved > 0) log.info({ moved }, 'moved chat images from the database into the file store');
      // Nothing was left (this run moved the last ones, or found none): stop trying; the lease is released.
      void stop();
    },
    onError: (err) => log.error({ err }, 'moving chat images into the file store failed'),
  });
  return () => stop();
}
