import type { FastifyInstance } from 'fastify';
import { ok, type PointsRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { pointsOf } from './service';

/** POST /v1/user/points (shell 7): the caller's points balance. */
export async function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/user/points', async (req) => {
    const user = requireUser(req);
    return ok<PointsRes>({ points: await pointsOf(ctx, user.id) });
  });
}
