import type { FastifyInstance } from 'fastify';
import { AdminStatsQuerySchema, ok, type AdminStats } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { adminStats } from './service';

/** GET /api/admin/stats?days=30 (docs/api.md "Admin stats"): the console dashboard's numbers, admins only. */
export async function registerAdminStatsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admin/stats', async (req) => {
    requireAdmin(req);
    const q = parse(AdminStatsQuerySchema, req.query);
    return ok<AdminStats>(await adminStats(ctx, q.days));
  });
}
