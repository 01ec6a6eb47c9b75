import type { FastifyInstance } from 'fastify';
import { ChangePasswordSchema, MSG, ok, UpdateInfoSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser, tokenFromRequest } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { changePassword, passwordState, updateInfo } from './service';

/** Personal information (/console/user): nick and avatar, and the password. All need a login. */
export async function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/user/updateInfo', async (req) => {
    const user = requireUser(req);
    const body = parse(UpdateInfoSchema, req.body);
    return ok(await updateInfo(ctx, user, body, tokenFromRequest(req) ?? ''), MSG.profileUpdated);
  });

  app.get('/v1/user/passwordState', async (req) => ok(await passwordState(ctx, requireUser(req))));

  app.post('/v1/user/changePassword', async (req) => {
    const user = requireUser(req);
    const body = parse(ChangePasswordSchema, req.body);
    const done = await changePassword(ctx, user, body);
    return ok(null, done === 'set' ? MSG.profilePasswordSet : MSG.profilePasswordChanged);
  });
}
