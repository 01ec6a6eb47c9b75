import type { FastifyInstance } from 'fastify';
import { ok, type SigninCheck, type SigninInfo, type SigninResult } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { isSignedToday, signIn, signinInfo } from './service';

/** Sign-in calls (docs/product/signin.md §7), all GET with a login. */
export async function registerSigninRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const check = async (req: Parameters<typeof requireUser>[0]) => ok<SigninCheck>({ signin: await isSignedToday(ctx, requireUser(req)) });
  app.get('/v1/user/check.signin', check);
  app.get('/v1/user/todayIsSign', check);

  app.get('/v1/user/signin', async (req) => ok<SigninResult>(await signIn(ctx, requireUser(req))));

  app.get('/v1/user/signin.info', async (req) => ok<SigninInfo>(await signinInfo(ctx, requireUser(req))));
}
