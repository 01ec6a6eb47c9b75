import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DeviceLoginSchema, DeviceTokenRevokeSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { deviceLogin, issueDeviceToken, revokeDevice } from './device-login';
import type { ClientMeta } from './service';

/** Remembered accounts: issue a device token after login, log in with it, revoke it. */
export async function registerDeviceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  meta: (req: FastifyRequest) => ClientMeta,
  limitLogins: (req: FastifyRequest) => Promise<void>,
): Promise<void> {
  app.post('/v1/user/deviceToken', async (req) => {
    const user = requireUser(req);
    return ok(await issueDeviceToken(ctx, user, new Date()));
  });

  app.post('/v1/user/deviceLogin', async (req) => {
    await limitLogins(req);
    const body = parse(DeviceLoginSchema, req.body);
    return ok(await deviceLogin(ctx, body, meta(req)), MSG.loginSuccess);
  });

  app.post('/v1/user/deviceToken/revoke', async (req) => {
    const user = requireUser(req);
    const { device_token } = parse(DeviceTokenRevokeSchema, req.body ?? {});
    return ok({ revoked: await revokeDevice(ctx, user, device_token, new Date()) });
  });
}
