import type { ServerModule } from '../../module';
import { startUploadSweep } from './retention';
import { registerUploadRoutes } from './routes';

/** Uploads: their routes, and the sweep that deletes expired uploads and stored files (at start, then periodically). */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  routes: registerUploadRoutes,
  start: (ctx, log) => startUploadSweep(ctx, log),
};
