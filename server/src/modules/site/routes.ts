import type { FastifyInstance } from 'fastify';
import { ok, SiteFooterQuerySchema, SiteSearchQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import { siteCatalogOf } from './catalog';
import { footerFor, searchSite } from './service';

/** Site-wide shell data: global search (GET /v2/config/search) and the footer by domain (GET /v1/config/site). Public. */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Read on first use, not at boot: a typo in site.json breaks these two calls, not the whole server. Kept in force
  // after that: a save in the admin console reaches the next request.
  const site = () => siteCatalogOf(ctx);

  app.get('/v2/config/search', async (req) => {
    const q = parse(SiteSearchQuerySchema, req.query);
    return ok(searchSite(site(), q.keyword));
  });

  app.get('/v1/config/site', async (req) => {
    const q = parse(SiteFooterQuerySchema, req.query);
    // An explicit domain wins (the web passes location.host); otherwise the request's Host.
    return ok(footerFor(site(), q.domain || req.hostname));
  });
}
