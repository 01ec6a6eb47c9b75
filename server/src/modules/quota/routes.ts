import type { FastifyInstance } from 'fastify';
import { DailyChartSchema, NumberCheckSchema, NumberSubmitSchema, ok, type UsageDaily } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { registerPointsRoutes } from '../points/routes';
import { checkNumber, submitNumber, usageAll } from './numbers';
import { usageDaily } from './daily';

/** Quota calls (docs/product/quota-and-points.md §7): number/check, number/submit, number/all; and the points balance. */
export async function registerQuotaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/number/check', async (req) => {
    const user = requireUser(req);
    const { type, number } = parse(NumberCheckSchema, req.body);
    return ok(await checkNumber(ctx, user, type, number));
  });

  app.post('/v1/number/submit', async (req) => {
    const user = requireUser(req);
    const { type, number } = parse(NumberSubmitSchema, req.body);
    return ok(await submitNumber(ctx, user, type, number));
  });

  app.post('/v1/number/all', async (req) => {
    const user = requireUser(req);
    return ok(await usageAll(ctx, user));
  });

  // The usage dashboard's chart: counts used per quota key per day.
  app.post('/v1/number/daily', async (req) => {
    const user = requireUser(req);
    const { days } = parse(DailyChartSchema, req.body ?? {});
    return ok<UsageDaily>(await usageDaily(ctx, user.id, days));
  });

  await registerPointsRoutes(app, ctx);
}
