import type { ServerModule } from '../../module';
import { registerAdminVendorRoutes } from './routes';

/**
 * The vendors page: its routes, and the watch that keeps this process's vendor settings current (the shared store's
 * message and the CATALOG_POLL_MS poll of max(version), as the catalog documents do). The worker role runs the same
 * watch (worker.ts).
 */
export const adminVendorsModule: ServerModule = {
  name: 'vendors',
  routes: registerAdminVendorRoutes,
  start: (ctx) => ctx.vendorSettings.watch(ctx.config.catalogPollMs),
};
