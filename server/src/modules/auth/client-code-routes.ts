import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientLoginSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser, tokenFromRequest } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { clientLogin, issueClientCode } from './client-code';
import type { ClientMeta } from './service';

const CODES_PER_USER_PER_MINUTE = 10;

/** The desktop client's one-time login code: issued to a signed-in session, exchanged by the page. */
export async function registerClientCodeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  meta: (req: FastifyRequest) => ClientMeta,
  limitLogins: (req: FastifyRequest) => Promise<void>,
): Promise<void> {
  app.post('/v1/user/clientCode', async (req) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `clientcode:user:${user.id}`, 60, CODES_PER_USER_PER_MINUTE, MSG.rateLimited);
    return ok(await issueClientCode(ctx, user));
  });

  app.post('/v1/user/clientLogin', async (req) => {
    await limitLogins(req);
    const body = parse(ClientLoginSchema, req.body);
    const token = tokenFromRequest(req);
    const current = req.authUser && token ? { user: req.authUser, token } : null;
    return ok(await clientLogin(ctx, body, meta(req), current), MSG.loginSuccess);
  });
}
