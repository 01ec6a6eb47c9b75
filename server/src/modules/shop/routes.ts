import type { FastifyInstance } from 'fastify';
import {
  CardActiveSchema,
  Code,
  CreateShopsOrderSchema,
  GetShopsQuerySchema,
  MSG,
  ok,
  PayQuerySchema,
  QueryShopsOrderSchema,
  ShopListsSchema,
  type Envelope,
  type ShopOrderStatus,
} from '@wanxiang/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { findOrder } from './store';
import { activateCard } from './cards';
import { shopCatalogOf, shopLists } from './catalog';
import { mockPayPage } from './mock-page';
import { createOrder, handleNotify, orderNoFromUrl, ownOrder, payStatus } from './service';

const MockPageQuery = z.object({ query_order: z.string().trim().max(40).default('') });

/** Membership shop and payment (docs/product/membership-and-payment.md §7: Membership and payment). */
export async function registerShopRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v2/shop/lists', async (req) => {
    const body = parse(ShopListsSchema, req.body);
    return ok(shopLists(shopCatalogOf(ctx), { inviteCode: body.invite_code || undefined }));
  });

  app.get('/v1/vip/getShops', async (req) => {
    const q = parse(GetShopsQuerySchema, req.query);
    const showVideo = q.showVideoShop === 'true' || q.showVideoShop === '1';
    return ok(shopLists(shopCatalogOf(ctx), { inviteCode: q.invite_code || undefined, showVideo }));
  });

  app.post('/v1/vip/createShopsOrder', async (req) => {
    const user = requireUser(req);
    const body = parse(CreateShopsOrderSchema, req.body);
    await enforce(ctx.kv, `shop:order:${user.id}`, 60, 30, MSG.rateLimited);
    return ok(await createOrder(ctx, user.id, body, req.log));
  });

  app.post('/v1/vip/queryShopsOrder', async (req) => {
    const user = requireUser(req);
    const { url } = parse(QueryShopsOrderSchema, req.body);
    const o = await ownOrder(ctx, user.id, orderNoFromUrl(url));
    return ok({
      query_order: o.orderNo,
      shop_id: o.shopId,
      shop_name: o.shopName,
      shop_price: o.amountCents,
      status: o.status,
      paid: o.status === 'paid',
      url: o.payUrl,
    });
  });

  // The browser polls this every 3 s: code 200 = paid; another code with the Chinese state otherwise.
  app.post('/v1/pay/query', async (req): Promise<Envelope<ShopOrderStatus | null>> => {
    const user = requireUser(req);
    const { query_order } = parse(PayQuerySchema, req.body);
    const s = await payStatus(ctx, user.id, query_order, req.log);
    if (s.paid) return ok(s, MSG.paySuccess);
    return { code: Code.FAILED, msg: s.status === 'closed' ? MSG.orderClosed : MSG.orderPending, data: s } as Envelope<ShopOrderStatus>;
  });

  app.post('/v1/vip/cardActive', async (req) => {
    const user = requireUser(req);
    const { card } = parse(CardActiveSchema, req.body);
    // Guessing codes is slow: a few tries a minute per user.
    await enforce(ctx.kv, `card:${user.id}`, 60, 10, MSG.rateLimited);
    return ok(await activateCard(ctx, user.id, card), MSG.cardActivated);
  });

  if (ctx.pay.mock) {
    const mock = ctx.pay.mock;
    app.get('/v1/pay/mock/page', async (req, reply) => {
      const { query_order } = parse(MockPageQuery, req.query);
      const order = query_order ? await findOrder(ctx.database.db, query_order) : null;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mockPayPage(order, mock));
    });
  }

  // Gateways sign the exact bytes they send: the notify routes read the body as text, whatever its type.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    notify.post<{ Params: { provider: string } }>('/v1/pay/notify/:provider', async (req, reply) => {
      const provider = ctx.pay.get(req.params.provider);
      const body = typeof req.body === 'string' ? req.body : '';
      const result = await handleNotify(ctx, req.params.provider, { headers: req.headers, body }, req.log);
      if (!provider) return reply.code(404).type('text/plain; charset=utf-8').send('unknown provider');
      // The mock page's form lands back on the page, which now shows the order's state.
      if (
        provider.name === 'mock' &&
        String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
        result.order
      ) {
        return reply.redirect(`/api/v1/pay/mock/page?query_order=${encodeURIComponent(result.order.orderNo)}`, 303);
      }
      const ack = result.ok ? provider.ackOk : provider.ackFail;
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });
  });
}
