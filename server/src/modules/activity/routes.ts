import type { FastifyInstance } from 'fastify';
import { ActivityLastDateSchema, ActivityRecSchema, QuotaPopupSchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { quotaPopup, recommendVip, vipPromo } from './service';

/**
 * Money promo calls (docs/product/promos.md §7): last_date (VIP countdown promo), last.day/rec (recommended VIP),
 * and quota.popup (out-of-quota dialog data; our path, the spec names no call for it).
 * last_date and last.day/rec answer without a session too (end: true for the promo then).
 */
export async function registerActivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/activity/last_date', async (req) => {
    parse(ActivityLastDateSchema, req.body);
    return ok(vipPromo(ctx, req.authUser));
  });

  app.post('/v1/activity/last.day/rec', async (req) => {
    parse(ActivityRecSchema, req.body);
    return ok(recommendVip(ctx));
  });

  app.post('/v1/activity/quota.popup', async (req) => {
    const user = requireUser(req);
    const { type } = parse(QuotaPopupSchema, req.body);
    return ok(quotaPopup(ctx, user, type || 'chat'));
  });
}
