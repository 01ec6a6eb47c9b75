import type { FastifyInstance } from 'fastify';
import { ConfigInitReqSchema, GuideSearchQuerySchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { livePromos, openPromosSource, promosFilePath } from './catalog';
import { configInit, globalNotice, guideFor, newYear, notice } from './service';

/**
 * Promotions and notices (docs/product/promos.md §7): config/init, the text notice, the logged-in global notice,
 * the search-engine guide and the new-year activity, all read from the promos in force (catalog.ts: the console's copy, else the file).
 */
export async function registerPromoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const file = await openPromosSource(promosFilePath(ctx.config.catalogDir, ctx.config.promosFile), (msg, err) => app.log.warn({ err }, msg));
  const promos = livePromos(ctx, file);

  app.post('/v2/config/init', async (req) => {
    const body = parse(ConfigInitReqSchema, req.body);
    return ok(configInit(await promos.get(), body, { serviceWorker: ctx.config.webServiceWorker }));
  });

  app.get('/v1/config/notice', async () => ok(notice(await promos.get())));

  app.get('/v1/config/globalNotice', async (req) => {
    requireUser(req);
    return ok(globalNotice(await promos.get()));
  });

  app.get('/v1/web/guide/search', async (req) => {
    const q = parse(GuideSearchQuerySchema, req.query);
    return ok(guideFor(await promos.get(), q.keyword));
  });

  app.get('/v1/activity/new.year', async () => ok(newYear(await promos.get(), new Date(), ctx.config.tzBusiness)));
}
