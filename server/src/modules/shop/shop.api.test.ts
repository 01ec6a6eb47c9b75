import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, MSG, type Envelope, type ShopLists, type ShopOrderCreated, type UserInfo } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { createPayRegistry, type MockPayProvider } from '../../infra/pay';
import { createAlipayProvider } from '../../infra/pay/alipay';
import { createWechatPayProvider } from '../../infra/pay/wechat';
import { rsaKeys, startFakeAlipay, startFakeWechat, type FakeAlipay, type FakeWechat } from '../../infra/pay/testing';
import { ledgerSum } from '../points/ledger';
import { rows } from '../../db/sql';
import { activateCard, issueCards } from './cards';
import { runCardsCli } from './cli';
import { effectiveVip } from './membership';
import { reconcilePending } from './service';

/**
 * The shop over HTTP: lists, orders, the mock pay page, notifies of all three providers through
 * the real routes, exactly-once crediting under 100 concurrent replays, forged and wrong-amount
 * notifies, reconcile, membership arithmetic and expiry, cards.
 */
const APP_ID = '2021000';
const MCH = '1900000109';
const V3KEY = 'abcdefghijklmnopqrstuvwxyz012345';

describe.each(testDbKinds())('shop and payments on %s', (kind) => {
  let t: TestApp;
  let ali: FakeAlipay;
  let wx: FakeWechat;
  let mock: MockPayProvider;

  beforeAll(async () => {
    const app = rsaKeys();
    const merchant = rsaKeys();
    ali = await startFakeAlipay(app.publicKey);
    wx = await startFakeWechat(merchant.publicKey, V3KEY);
    const alipay = createAlipayProvider({
      appId: APP_ID,
      privateKey: app.privatePem,
      publicKey: ali.alipayKeys.publicPem,
      gateway: ali.url,
      notifyUrl: 'http://x/api/v1/pay/notify/alipay',
    });
    const wechat = createWechatPayProvider({
      mchId: MCH,
      appId: 'wxapp',
      serialNo: 'S',
      privateKey: merchant.privatePem,
      platformPublicKey: wx.platformKeys.publicPem,
      apiV3Key: V3KEY,
      base: wx.url,
      notifyUrl: 'http://x/api/v1/pay/notify/wechat',
    });
    const pay = createPayRegistry(testConfig(), [alipay, wechat]);
    mock = pay.mock!;
    t = await createTestApp(kind, { overrides: { pay } });
  });
  afterAll(async () => {
    await t?.close();
    await ali?.close();
    await wx?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { token } : {},
      payload: payload as object,
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const order = async (token: string, shop_id: number, pay_id = 0) => {
    const r = await call<ShopOrderCreated>('POST', '/v1/vip/createShopsOrder', token, { shop_id, pay_id, num: 1 });
    expect(r.body.code).toBe(200);
    return r.body.data;
  };
  const notifyMock = (body: string, type = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/pay/notify/mock', headers: { 'content-type': type }, payload: body });
  const userRow = async (id: number) => {
    const [u] = await rows<{ vip: number; vip_expires_at: Date | string | null; vip_permanent: boolean; points: number }>(
      t.ctx.database.db,
      sql`SELECT vip, vip_expires_at, vip_permanent, points FROM users WHERE id = ${id}::bigint`,
    );
    expect(await ledgerSum(t.ctx.database.db, id)).toBe(Number(u!.points));
    return {
      vip: Number(u!.vip),
      expires: u!.vip_expires_at ? new Date(u!.vip_expires_at) : null,
      permanent: u!.vip_permanent,
      points: Number(u!.points),
    };
  };
  const outcomes = async (orderNo: string) =>
    (
      await rows<{ outcome: string }>(t.ctx.database.db, sql`SELECT outcome FROM pay_notifications WHERE order_no = ${orderNo} ORDER BY id`)
    ).map((r) => r.outcome);
  const info = async (token: string) => (await call<UserInfo>('GET', '/v1/user/info', token)).body.data;

  it('lists: memberships, points packs, the comparison table and tips; video items only on request', async () => {
    const l = (await call<ShopLists>('POST', '/v2/shop/lists', undefined, { rise: '', invite_code: '' })).body;
    expect(l.code).toBe(200);
    expect(l.data.vip.map((i) => i.shop_name)).toEqual(['月度会员', '季度会员', '年度会员', '永久会员']);
    expect(l.data.vip[0]).toMatchObject({ shop_price: 2990, shop_price_2: 4990 });
    expect(l.data.points.length).toBe(3);
    expect(l.data.video).toEqual([]);
    expect(l.data.tables[0]).toHaveProperty('duration');
    expect(l.data.tips.length).toBeGreaterThan(0);
    const g = (await call<ShopLists>('GET', '/v1/vip/getShops?showVideoShop=true')).body;
    expect(g.data.video.length).toBe(1);
  });

  it('createShopsOrder: login required, fields checked in Chinese, amount fixed from the catalog', async () => {
    expect((await call('POST', '/v1/vip/createShopsOrder', undefined, { shop_id: 1 })).status).toBe(401);
    const { token } = await t.loginAs(newPhone());
    const bad = await call('POST', '/v1/vip/createShopsOrder', token, { shop_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请选择要购买的商品');
    const unknown = await call('POST', '/v1/vip/createShopsOrder', token, { shop_id: 999 });
    expect(unknown.body.msg).toBe(MSG.shopItemUnknown);
    const num = await call('POST', '/v1/vip/createShopsOrder', token, { shop_id: 11, num: 1000 });
    expect(num.body.msg).toBe('购买数量不正确');
    const o = await order(token, 1);
    expect(o).toMatchObject({ shop_id: 1, shop_name: '月度会员', shop_price: 2990, provider: 'mock' });
    expect(o.url).toBe(`/api/v1/pay/mock/page?query_order=${o.query_order}`);
    const pending = await call('POST', '/v1/pay/query', token, { query_order: o.query_order });
    expect(pending.body).toMatchObject({ code: Code.FAILED, msg: MSG.orderPending });
    const q = await call<{ status: string }>('POST', '/v1/vip/queryShopsOrder', token, { url: o.url });
    expect(q.body.data.status).toBe('pending');
    // A malformed escape in the link is bad input (400 in Chinese), not a server error.
    const malformed = await call('POST', '/v1/vip/queryShopsOrder', token, { url: '/api/v1/pay/mock/page?query_order=%E0%A4%A' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.badField('url') });
    // Another user's order number reads as unknown.
    const other = await t.loginAs(newPhone());
    expect((await call('POST', '/v1/pay/query', other.token, { query_order: o.query_order })).body.msg).toBe(MSG.orderUnknown);
  });

  it('mock page: 确认支付 posts the signed notify; the order is paid, membership and points granted', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 1);
    const page = await t.app.inject({ method: 'GET', url: o.url });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('¥29.90');
    const form = new URLSearchParams(mock.signedNotify(o.query_order, 2990)).toString();
    const posted = await notifyMock(form, 'application/x-www-form-urlencoded');
    expect(posted.statusCode).toBe(303);
    const paid = await call('POST', '/v1/pay/query', token, { query_order: o.query_order });
    expect(paid.body).toMatchObject({ code: 200, msg: '支付成功' });
    const me = await info(token);
    expect(me.vip).toBe(1);
    expect(me.vipTime).not.toBe('');
    expect(me.points).toBe(user.points + 100);
    expect((await t.app.inject({ method: 'GET', url: o.url })).body).toContain('支付成功');
  });

  it('a notify replayed 100 times concurrently credits exactly once', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 2);
    const body = JSON.stringify(mock.signedNotify(o.query_order, 6990));
    const before = Date.now();
    const res = await Promise.all(Array.from({ length: 100 }, () => notifyMock(body)));
    expect(res.every((r) => r.statusCode === 200 && r.body === 'success')).toBe(true);
    const out = await outcomes(o.query_order);
    expect(out.filter((x) => x === 'credited').length).toBe(1);
    expect(out.filter((x) => x === 'duplicate').length).toBe(99);
    const u = await userRow(user.id);
    expect(u.vip).toBe(2);
    expect(u.points).toBe(user.points + 300);
    expect(u.expires!.getTime()).toBeGreaterThanOrEqual(before + 90 * 86_400_000 - 60_000);
    expect(u.expires!.getTime()).toBeLessThanOrEqual(Date.now() + 90 * 86_400_000 + 60_000);
    const grants = await rows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n, sum(amount)::int AS s FROM quota_grants WHERE ref = ${o.query_order}`,
    );
    expect(Number(grants[0]!.n)).toBe(1);
    const ledger = await rows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM points_ledger WHERE ref = ${o.query_order}`,
    );
    expect(Number(ledger[0]!.n)).toBe(1);
  });

  it('a forged signature, a wrong amount or an unknown order credit nothing and are logged', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 3);
    const forged = { ...mock.signedNotify(o.query_order, 19900), sign: 'ab'.repeat(32) };
    const r1 = await notifyMock(JSON.stringify(forged));
    expect(r1.statusCode).toBe(400);
    const wrong = await notifyMock(JSON.stringify(mock.signedNotify(o.query_order, 1)));
    expect(wrong.statusCode).toBe(200);
    const unknown = await notifyMock(JSON.stringify(mock.signedNotify('WXNOSUCHORDER', 100)));
    expect(unknown.statusCode).toBe(200);
    expect(await outcomes(o.query_order)).toEqual(['bad_amount']);
    expect(await outcomes('WXNOSUCHORDER')).toEqual(['unknown_order']);
    const bad = await rows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM pay_notifications WHERE outcome = 'bad_signature' AND body LIKE ${'%' + o.query_order + '%'}`,
    );
    expect(Number(bad[0]!.n)).toBe(1);
    const u = await userRow(user.id);
    expect(u.vip).toBe(0);
    expect(u.points).toBe(user.points);
    expect((await call('POST', '/v1/pay/query', token, { query_order: o.query_order })).body.code).toBe(Code.FAILED);
  });

  it('Alipay: precreate QR, RSA2 notify through the route answers success and credits once', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 11, 1);
    expect(o.provider).toBe('alipay');
    expect(o.url).toBe(`https://qr.alipay.com/fake${o.query_order}`);
    const body = ali.notifyBody({ appId: APP_ID, orderNo: o.query_order, totalAmount: '9.90' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/pay/notify/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: body,
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.body, b.body]).toEqual(['success', 'success']);
    expect((await userRow(user.id)).points).toBe(user.points + 1000);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.replace('9.90', '0.01'),
    });
    expect(tampered.body).toBe('failure');
    // The two notifies raced: exactly one credited, in whichever order their log rows landed.
    expect((await outcomes(o.query_order)).sort()).toEqual(['credited', 'duplicate']);
  });

  it('WeChat Pay: code_url QR, signed encrypted notify answers 204 and credits; a wrong amount does not', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 1, 2);
    expect(o.url).toBe(`weixin://wxpay/bizpayurl?pr=fake${o.query_order}`);
    const wrong = wx.notify({ mchId: MCH, orderNo: o.query_order, totalCents: 1 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/pay/notify/wechat', headers: wrong.headers, payload: wrong.body })).statusCode,
    ).toBe(204);
    expect((await userRow(user.id)).vip).toBe(0);
    const n = wx.notify({ mchId: MCH, orderNo: o.query_order, totalCents: 2990 });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/pay/notify/wechat', headers: n.headers, payload: n.body });
    expect(res.statusCode).toBe(204);
    expect((await userRow(user.id)).vip).toBe(1);
    const forged = { ...n.headers, 'wechatpay-signature': n.headers['wechatpay-signature']!.slice(4) + 'AAAA' };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/pay/notify/wechat', headers: forged, payload: n.body })).statusCode).toBe(
      400,
    );
    expect(await outcomes(o.query_order)).toEqual(['bad_amount', 'credited']);
  });

  it('reconcile credits a paid order whose notify never came, and closes stale pending orders', async () => {
    const { token, user } = await t.loginAs(newPhone());
    const o = await order(token, 12, 1);
    ali.trades.get(o.query_order)!.state = 'TRADE_SUCCESS';
    const stale = await order(token, 11, 1);
    await rows(
      t.ctx.database.db,
      sql`UPDATE shop_orders SET created_at = now() - interval '3 hours' WHERE order_no = ${stale.query_order}`,
    );
    const r = await reconcilePending(t.ctx);
    expect(r.credited).toBeGreaterThanOrEqual(1);
    expect(r.closed).toBeGreaterThanOrEqual(1);
    expect((await userRow(user.id)).points).toBe(user.points + 5000);
    expect(await outcomes(o.query_order)).toEqual(['credited']);
    expect((await call('POST', '/v1/pay/query', token, { query_order: stale.query_order })).body.msg).toBe(MSG.orderClosed);
    // Run again: nothing more.
    await reconcilePending(t.ctx);
    expect((await userRow(user.id)).points).toBe(user.points + 5000);
  });

  it('membership arithmetic: renewals extend from the current expiry; permanent reads 永久有效; expiry makes a free user', async () => {
    const { token, user } = await t.loginAs(newPhone());
    for (const _ of [1, 2]) {
      const o = await order(token, 1);
      await notifyMock(JSON.stringify(mock.signedNotify(o.query_order, 2990)));
    }
    const u = await userRow(user.id);
    expect(u.expires!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(u.expires!.getTime()).toBeLessThan(Date.now() + 61 * 86_400_000);
    // A lower tier bought on top keeps the higher level and extends it.
    const y = await order(token, 3);
    await notifyMock(JSON.stringify(mock.signedNotify(y.query_order, 19900)));
    const m = await order(token, 1);
    await notifyMock(JSON.stringify(mock.signedNotify(m.query_order, 2990)));
    const u2 = await userRow(user.id);
    expect(u2.vip).toBe(3);
    expect(u2.expires!.getTime()).toBeGreaterThan(Date.now() + (60 + 365 + 30 - 1) * 86_400_000);
    // Expired: a free user in user info and in the session; a new purchase starts from now.
    await rows(t.ctx.database.db, sql`UPDATE users SET vip_expires_at = now() - interval '1 day' WHERE id = ${user.id}::bigint`);
    const expired = await info((await t.loginAs(user.phone)).token);
    expect(expired.vip).toBe(0);
    expect(expired.vipTime).toBe('');
    expect(effectiveVip({ vip: 3, vipPermanent: false, vipExpiresAt: new Date(Date.now() - 1000) })).toBe(0);
    const again = await order(token, 1);
    await notifyMock(JSON.stringify(mock.signedNotify(again.query_order, 2990)));
    const u3 = await userRow(user.id);
    expect(u3.vip).toBe(1);
    expect(u3.expires!.getTime()).toBeLessThan(Date.now() + 31 * 86_400_000);
    const p = await order(token, 4);
    await notifyMock(JSON.stringify(mock.signedNotify(p.query_order, 39900)));
    const perm = await info(token);
    expect(perm.vip).toBe(4);
    expect(perm.vipTime).toBe('永久有效');
  });

  it('cards: issued by the CLI, activated once, clear messages for unknown, used and expired codes', async () => {
    const lines: string[] = [];
    expect(
      await runCardsCli({ database: t.ctx.database }, ['issue', '--shop', '1', '--count', '3', '--batch', `b${kind}`], (l) =>
        lines.push(l),
      ),
    ).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^[A-Z2-9]{16}$/);
    const listed: string[] = [];
    await runCardsCli({ database: t.ctx.database }, ['list', '--batch', `b${kind}`], (l) => listed.push(l));
    expect(listed.filter((l) => l.includes('unused'))).toHaveLength(3);
    expect(await runCardsCli({ database: t.ctx.database }, ['issue', '--shop', 'x'], () => {})).toBe(2);

    const a = await t.loginAs(newPhone());
    const ok = await call<{ vip: number; vipTime: string }>('POST', '/v1/vip/cardActive', a.token, { card: lines[0]!.toLowerCase() });
    expect(ok.body).toMatchObject({ code: 200, msg: MSG.cardActivated });
    expect(ok.body.data.vip).toBe(1);
    expect((await call('POST', '/v1/vip/cardActive', a.token, { card: lines[0] })).body.msg).toBe(MSG.cardUsed);
    expect((await call('POST', '/v1/vip/cardActive', a.token, { card: 'NOSUCHCARD' })).body.msg).toBe(MSG.cardUnknown);
    expect((await call('POST', '/v1/vip/cardActive', a.token, { card: '' })).body.msg).toBe('请输入卡密');
    const [old] = await issueCards(t.ctx.database.db, {
      shopId: 1,
      count: 1,
      batch: 'old',
      daysValid: 1,
      at: new Date(Date.now() - 2 * 86_400_000),
    });
    expect((await call('POST', '/v1/vip/cardActive', a.token, { card: old })).body.msg).toBe(MSG.cardExpired);

    // Two users racing for one card: one wins.
    const b = await t.loginAs(newPhone());
    const c = await t.loginAs(newPhone());
    const results = await Promise.allSettled([activateCard(t.ctx, b.user.id, lines[1]!), activateCard(t.ctx, c.user.id, lines[1]!)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const vips = [(await userRow(b.user.id)).vip, (await userRow(c.user.id)).vip].sort();
    expect(vips).toEqual([0, 1]);
  });
});
