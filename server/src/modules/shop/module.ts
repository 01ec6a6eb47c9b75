import type { ServerModule } from '../../module';
import { registerShopRoutes } from './routes';
import { startReconcile } from './service';

/** The shop: its routes, and the minute-by-minute reconcile that asks the gateways about pending orders. */
export const shopModule: ServerModule = {
  name: 'shop',
  routes: registerShopRoutes,
  start: (ctx, log) => startReconcile(ctx, log),
};
