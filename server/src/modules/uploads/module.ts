import type { ServerModule } from '../../module';
import { startImageBytesMove } from './image-bytes-move';
import { startUploadSweep } from './retention';
import { registerUploadRoutes } from './routes';

/**
 * Uploads: their routes, the sweep that deletes expired uploads and stored files (at start, then periodically), and
 * the move of chat images from before the file store out of the database (at start, until none is left).
 */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  routes: registerUploadRoutes,
  start: (ctx, log) => {
    const stopSweep = startUploadSweep(ctx, log);
    const stopMove = startImageBytesMove(ctx, log);
    return async () => {
      stopSweep();
      await stopMove();
    };
  },
};
