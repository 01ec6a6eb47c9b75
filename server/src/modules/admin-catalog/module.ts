import type { ServerModule } from '../../module';
import { registerAdminCatalogRoutes } from './routes';

/**
 * The operator documents: the console's routes, and the watch that keeps this process's documents current (the
 * shared store's message and the CATALOG_POLL_MS poll of max(version)). The worker role runs the same watch (worker.ts).
 */
export const adminCatalogModule: ServerModule = {
  name: 'catalog',
  routes: registerAdminCatalogRoutes,
  start: (ctx) => ctx.documents.watch(ctx.config.catalogPollMs),
};
