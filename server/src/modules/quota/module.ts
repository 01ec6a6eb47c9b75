import type { ServerModule } from '../../module';
import { registerQuotaRoutes } from './routes';
import { startReservationReaper } from './service';

/** Quota: its routes, and the reaper that gives back holds left by a crashed process (at start, then every TTL/2). */
export const quotaModule: ServerModule = {
  name: 'quota',
  routes: registerQuotaRoutes,
  start: (ctx, log) => startReservationReaper(ctx, log),
};
