import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BindPhoneSchema, LIMITS, MSG, ok, SendBindSmsCodeSchema, type UserInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { requireUser, tokenFromRequest } from '../../http/auth-user';
import { refused, unauthorized } from '../../http/errors';
import { parse } from '../../http/validate';
import { registerCaptchaRoutes } from '../captcha/routes';
import { consumeCaptchaToken } from '../captcha/service';
import { grantBindPhoneBonus } from '../points/service';
import { currentUserInfo, forgetUserSessions } from './service';
import { sendSmsCode, verifySmsCode } from './sms';
import { latestSmsCode } from './sms-store';
import { applyConfiguredRole } from './roles';
import { findUserById, findUserByLogin, uniqueViolation } from './store';

/**
 * Phone binding (docs/product/accounts.md §4, §5): an account without a phone (registered by user name or
 * e-mail) must bind one before chatting. The chain is server-checked end to end: slider
 * captcha -> one-time token -> binding SMS code (purpose 'bind', only sent with the token) ->
 * bindPhone, which needs that code. The first binding earns 10 points, once per person and
 * never again for the same number.
 */
export const SMS_PURPOSE_BIND = 'bind';

async function assertCanBind(ctx: AppContext, user: AuthUser, phone: string): Promise<void> {
  const row = await findUserById(ctx.database.db, user.id);
  if (!row) throw unauthorized();
  if (row.phone) throw refused(MSG.phoneAlreadyBound);
  const owner = await findUserByLogin(ctx.database.db, 'phone', phone);
  if (owner && owner.id !== user.id) throw refused(MSG.phoneTaken);
}

/** Send the binding code; needs a fresh captcha token of this user. */
export async function sendBindSmsCode(
  ctx: AppContext,
  user: AuthUser,
  req: { phone: string; captchaToken: string },
  meta: { ip: string; at: Date },
): Promise<void> {
  await assertCanBind(ctx, user, req.phone);
  await consumeCaptchaToken(ctx, user.id, 'bind_phone', req.captchaToken);
  await sendSmsCode(ctx, req.phone, meta, SMS_PURPOSE_BIND);
}

/** Bind `phone` to the caller with its binding code; answers the reloaded user info. */
export async function bindPhone(
  ctx: AppContext,
  user: AuthUser,
  req: { phone: string; code: string },
  token: string,
  at: Date,
): Promise<UserInfo> {
  await assertCanBind(ctx, user, req.phone);
  const db = ctx.database.db;
  // Only a code sent through the captcha-guarded call binds (even the development fixed code).
  const sent = await latestSmsCode(db, req.phone, SMS_PURPOSE_BIND);
  if (!sent || sent.createdAt.getTime() < at.getTime() - LIMITS.smsCodeTtlSec * 1000) throw refused(MSG.smsCodeExpired);
  await verifySmsCode(ctx, req.phone, req.code, at, SMS_PURPOSE_BIND);
  try {
    await db.transaction(async (tx) => {
      const res = (await tx.execute(
        sql`UPDATE users SET phone = ${req.phone}::varchar, updated_at = now() WHERE id = ${user.id}::bigint AND phone IS NULL RETURNING id`,
      )) as unknown as { rows: unknown[] };
      if (res.rows.length !== 1) throw refused(MSG.phoneAlreadyBound);
      // Inside the binding transaction: the unique phone index serializes two binders of one number.
      await grantBindPhoneBonus(tx, user.id, req.phone);
    });
  } catch (err) {
    const taken = uniqueViolation(err);
    if (taken === 'users_phone_uq' || taken === 'unknown') throw refused(MSG.phoneTaken);
    throw err;
  }
  // A phone of ADMIN_PHONES bound to an account (a WeChat or username account) makes it an admin, as its login would.
  const bound = await findUserById(db, user.id);
  if (bound) await applyConfiguredRole(ctx, bound);
  forgetUserSessions(ctx, user.id);
  return currentUserInfo(ctx, { ...user, phone: req.phone }, token);
}

/** Routes of the binding dialog; registered from the auth routes. */
export async function registerBindPhoneRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerCaptchaRoutes(app, ctx);

  app.post('/v1/user/sendBindSmsCode', async (req) => {
    const user = requireUser(req);
    const body = parse(SendBindSmsCodeSchema, req.body);
    await sendBindSmsCode(ctx, user, body, { ip: req.ip, at: new Date() });
    return ok(null, MSG.smsSent);
  });

  app.post('/v1/user/bindPhone', async (req) => {
    const user = requireUser(req);
    const body = parse(BindPhoneSchema, req.body);
    return ok(await bindPhone(ctx, user, body, tokenFromRequest(req) ?? '', new Date()), MSG.bindPhoneSuccess);
  });
}
