import type { FastifyInstance } from 'fastify';
import { CaptchaChallengeSchema, CaptchaVerifySchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { issueChallenge, registerCaptchaOwner, verifyDrag } from './service';

/** Challenges a user may ask for per minute: a person drags a few times, a script many. */
const CHALLENGES_PER_MINUTE = 20;

/** POST /v1/captcha/slider (a challenge) and /v1/captcha/slider/verify (the drag, answered with a one-time token). */
export async function registerCaptchaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/captcha/slider', async (req) => {
    const user = requireUser(req);
    const { scene } = parse(CaptchaChallengeSchema, req.body);
    await enforce(ctx.kv, `captcha:user:${user.id}`, 60, CHALLENGES_PER_MINUTE, MSG.rateLimited);
    return ok(await issueChallenge(ctx, user.id, scene));
  });

  app.post('/v1/captcha/slider/verify', async (req) => {
    const user = requireUser(req);
    const body = parse(CaptchaVerifySchema, req.body);
    return ok(await verifyDrag(ctx, user.id, body), MSG.captchaPassed);
  });

  // The login dialog's register slider (docs/product/accounts.md §5: x=200 on 260): anonymous, so bound to the caller's address.
  app.post('/v1/captcha/register', async (req) => {
    await enforce(ctx.kv, `captcha:ip:${req.ip}`, 60, CHALLENGES_PER_MINUTE, MSG.rateLimited);
    return ok(await issueChallenge(ctx, registerCaptchaOwner(req.ip), 'register'));
  });

  app.post('/v1/captcha/register/verify', async (req) => {
    const body = parse(CaptchaVerifySchema, req.body);
    return ok(await verifyDrag(ctx, registerCaptchaOwner(req.ip), body), MSG.captchaSuccess);
  });
}
