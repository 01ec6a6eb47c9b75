import type { FastifyInstance } from 'fastify';
import { DailyChartSchema, ok, PointsBillSchema, type PointsBill, type PointsDaily, type PointsRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { pointsBill, type BillType } from './bill';
import { pointsDaily } from './daily';
import { pointsOf } from './service';

/** POST /v1/user/points (docs/product/quota-and-points.md §7): the caller's points balance; POST /v2/points/bill: the ledger, paged. */
export async function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/user/points', async (req) => {
    const user = requireUser(req);
    return ok<PointsRes>({ points: await pointsOf(ctx, user.id) });
  });

  app.post('/v2/points/bill', async (req) => {
    const user = requireUser(req);
    const q = parse(PointsBillSchema, req.body ?? {});
    return ok<PointsBill>(await pointsBill(ctx, user.id, { type: q.type as BillType, page: q.page, rows: q.rows }));
  });

  // The points log's chart: income and expense per day.
  app.post('/v2/points/daily', async (req) => {
    const user = requireUser(req);
    const { days } = parse(DailyChartSchema, req.body ?? {});
    return ok<PointsDaily>(await pointsDaily(ctx, user.id, days));
  });
}
