import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginWxQrcodeSchema, MSG, ok, WxDevConfirmSchema, WxQrcodeQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound, refused } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { scriptNonce } from '../../http/security-headers';
import { parse } from '../../http/validate';
import type { ClientMeta } from './service';
import { registerWechatCallback } from './wechat-callback';
import { devConfirmPage } from './wechat-dev-page';
import { confirmWxQr, createWxQr, loginWxQr, wxQrStatus } from './wechat-login';

const QR_PER_IP_PER_MINUTE = 30;

/** The public origin of this request (the dev QR must open a page a phone can reach). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * WeChat QR login (docs/product/accounts.md §7): getWxQrcode, queryWxQrcode, loginWxQrcode; the official account's
 * event callback; and, with WECHAT_LOGIN=dev, the local confirm page standing in for the scan.
 */
export async function registerWechatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  meta: (req: FastifyRequest) => ClientMeta,
  limitLogins: (req: FastifyRequest) => Promise<void>,
): Promise<void> {
  app.get('/v1/user/getWxQrcode', async (req) => {
    await enforce(ctx.kv, `wxqr:ip:${req.ip}`, 60, QR_PER_IP_PER_MINUTE, MSG.rateLimited);
    try {
      return ok(await createWxQr(ctx, originOf(req)));
    } catch (err) {
      if (ctx.wechat.kind === 'off') throw err;
      // WeChat's API is down or refuses our credentials: the client shows 获取微信登录信息失败.
      req.log.error({ err }, 'WeChat QR creation failed');
      throw refused(MSG.wxQrFailed);
    }
  });

  app.get('/v1/user/queryWxQrcode', async (req) => {
    const { qrcode_id } = parse(WxQrcodeQuerySchema, req.query);
    return ok({ status: await wxQrStatus(ctx, qrcode_id) });
  });

  app.post('/v1/user/loginWxQrcode', async (req) => {
    await limitLogins(req);
    const body = parse(LoginWxQrcodeSchema, req.body);
    return ok(await loginWxQr(ctx, body, meta(req)), MSG.loginSuccess);
  });

  // Dev only: the page the dev QR opens, and its confirm call.
  app.get('/v1/user/wxDevConfirm', async (req, reply) => {
    if (ctx.wechat.kind !== 'dev') throw notFound();
    const { qrcode_id } = parse(WxQrcodeQuerySchema, req.query);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(devConfirmPage(qrcode_id, scriptNonce(reply)));
  });

  app.post('/v1/user/wxDevConfirm', async (req) => {
    if (ctx.wechat.kind !== 'dev') throw notFound();
    const { qrcode_id, openid } = parse(WxDevConfirmSchema, req.body);
    const id = openid?.startsWith('dev-') ? openid : `dev-${openid ?? Math.random().toString(36).slice(2, 10)}`;
    if (!(await confirmWxQr(ctx, qrcode_id, id))) throw refused(MSG.wxQrInvalid);
    return ok(null, MSG.wxDevConfirmed);
  });

  await registerWechatCallback(app, ctx);
}
