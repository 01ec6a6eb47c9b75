import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, LoginSchema, MSG, ok, PhoneLoginSchema, RegisterSchema, SendSmsCodeSchema, UserInfoQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser, tokenFromRequest } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { registerBindPhoneRoutes } from './bind-phone';
import { registerClientCodeRoutes } from './client-code-routes';
import { registerDeviceRoutes } from './device-routes';
import { registerWechatRoutes } from './wechat-routes';
import { currentUserInfo, logout, watchSessionDrops, passwordLogin, phoneLogin, register, sendSmsCode, type ClientMeta } from './service';

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), at: new Date() });

/** Every login-like call shares one per-IP budget, so guessing is slow from any one address. */
const limitLoginsByIp = (ctx: AppContext, req: FastifyRequest) =>
  enforce(ctx.kv, `login:ip:${req.ip}`, 60, LIMITS.loginAttemptsPerIpPerMinute, MSG.loginTooMany);

/** Accounts (docs/product/accounts.md §7): SMS codes, phone/password login, register, user info, logout. */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await watchSessionDrops(ctx);
  app.post('/v1/user/sendSmsCode', async (req) => {
    const { phone } = parse(SendSmsCodeSchema, req.body);
    await sendSmsCode(ctx, phone, meta(req));
    return ok(null, MSG.smsSent);
  });

  app.post('/v1/user/phoneLogin', async (req) => {
    await limitLoginsByIp(ctx, req);
    const body = parse(PhoneLoginSchema, req.body);
    return ok(await phoneLogin(ctx, body, meta(req)), MSG.loginSuccess);
  });

  app.post('/v1/user/register', async (req) => {
    await limitLoginsByIp(ctx, req);
    const body = parse(RegisterSchema, req.body);
    return ok(await register(ctx, body, meta(req)), MSG.registerSuccess);
  });

  app.post('/v1/user/login', async (req) => {
    await limitLoginsByIp(ctx, req);
    const body = parse(LoginSchema, req.body);
    return ok(await passwordLogin(ctx, body, meta(req)), MSG.loginSuccess);
  });

  app.get('/v1/user/info', async (req) => {
    const user = requireUser(req);
    parse(UserInfoQuerySchema, req.query);
    return ok(await currentUserInfo(ctx, user, tokenFromRequest(req) ?? ''));
  });

  const logoutHandler = async (req: FastifyRequest) => {
    await logout(ctx, req.authUser, tokenFromRequest(req), new Date());
    return ok(null, MSG.logoutSuccess);
  };
  app.post('/v1/user/logout', logoutHandler);
  app.get('/v1/user/logout', logoutHandler);

  await registerWechatRoutes(app, ctx, meta, (req) => limitLoginsByIp(ctx, req));
  await registerDeviceRoutes(app, ctx, meta, (req) => limitLoginsByIp(ctx, req));
  await registerClientCodeRoutes(app, ctx, meta, (req) => limitLoginsByIp(ctx, req));
  await registerBindPhoneRoutes(app, ctx);
}
