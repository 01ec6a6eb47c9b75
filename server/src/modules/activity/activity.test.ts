import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type Envelope, type QuotaPopup, type RecommendVip, type ShopLists, type VipPromo } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { endOfBusinessDay } from './service';

/** Money promo routes: the VIP countdown promo, the recommended-VIP table, the out-of-quota offer. */
describe.each(testDbKinds())('money promos on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(url: string, token: string | undefined, payload: unknown = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const setVip = (id: number, vip: number) => t.ctx.database.db.execute(sql`UPDATE users SET vip = ${vip}::int WHERE id = ${id}::bigint`);

  it('last_date: a live promo for a logged-in user, ending at the end of the business day', async () => {
    const { token, user } = await t.loginAs();
    const r = await post<VipPromo>('/v1/activity/last_date', token, { appid: 'wanxiang', uid: user.id, vt: 1 });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ end: false, button: expect.any(String), shop_id: expect.any(Number) });
    expect(r.body.data.title.length).toBeGreaterThan(0);
    expect(r.body.data.content).toContain('<p>');
    const endAt = Date.parse(r.body.data.end_at);
    expect(endAt).toBeGreaterThan(Date.now());
    expect(endAt - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('last_date: end for nobody logged in and for vip 79', async () => {
    expect((await post<VipPromo>('/v1/activity/last_date', undefined)).body.data.end).toBe(true);
    const phoneUser = await t.loginAs();
    await setVip(phoneUser.user.id, 79);
    const again = await t.loginAs(phoneUser.user.phone);
    expect((await post<VipPromo>('/v1/activity/last_date', again.token)).body.data.end).toBe(true);
    expect((await post('/v1/activity/last_date', again.token, { uid: { x: 1 } })).status).toBe(400);
  });

  it('endOfBusinessDay is the next midnight in UTC+8', () => {
    // 2026-01-01 15:59:59Z is 23:59:59 in Shanghai; 16:00Z is the next day already.
    expect(endOfBusinessDay(Date.parse('2026-01-01T15:59:59Z')).toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(endOfBusinessDay(Date.parse('2026-01-01T16:00:00Z')).toISOString()).toBe('2026-01-02T16:00:00.000Z');
  });

  it('last.day/rec: the comparison table with prices in cents', async () => {
    const r = await post<RecommendVip>('/v1/activity/last.day/rec', undefined, { time: Date.now(), appid: 'x', uid: 1, vt: 1 });
    expect(r.body.data.end).toBe(false);
    expect(r.body.data.shop_price).toBeLessThan(r.body.data.shop_price_2);
    expect(r.body.data.tables.length).toBeGreaterThan(0);
    for (const row of r.body.data.tables) {
      expect(Object.keys(row).sort()).toEqual(['audio', 'docx', 'duration', 'media', 'model', 'name', 'price', 'tools', 'unit', 'writing']);
      expect(Number.isInteger(row.price)).toBe(true);
    }
    expect((await post('/v1/activity/last.day/rec', undefined, { time: 'x'.repeat(40) })).status).toBe(400);
  });

  it('the promos name real shop items at the prices the shop charges', async () => {
    const shop = (await post<ShopLists>('/v2/shop/lists', undefined, { rise: '', invite_code: '' })).body.data;
    const byId = new Map(shop.vip.map((i) => [i.id, i]));
    const { token } = await t.loginAs();
    const rec = (await post<QuotaPopup>('/v1/activity/quota.popup', token, {})).body.data.rec;
    expect(byId.get(rec.id)).toMatchObject({ shop_name: rec.name, shop_price: rec.discount_price, shop_price_2: rec.price });
    const promo = (await post<VipPromo>('/v1/activity/last_date', token)).body.data;
    expect(byId.has(promo.shop_id)).toBe(true);
    const table = (await post<RecommendVip>('/v1/activity/last.day/rec', token, {})).body.data;
    const named = shop.vip.find((i) => i.shop_name === table.shop_name);
    expect(named).toMatchObject({ shop_price: table.shop_price, shop_price_2: table.shop_price_2 });
    for (const row of table.tables) expect(shop.vip.find((i) => i.shop_name === row.name)?.shop_price).toBe(row.price);
  });

  it('quota.popup: login required; free and member texts; the recommended item', async () => {
    expect((await post('/v1/activity/quota.popup', undefined)).status).toBe(401);
    const free = await t.loginAs();
    const a = await post<QuotaPopup>('/v1/activity/quota.popup', free.token, { type: 'chat_v40' });
    expect(a.body.data.popup).toMatchObject({ type: 'chat_v40', content: MSG.upgradeFree });
    expect(a.body.data.rec).toMatchObject({ id: expect.any(Number), price: expect.any(Number), discount_price: expect.any(Number) });
    await setVip(free.user.id, 52);
    const member = await t.loginAs(free.user.phone);
    const b = await post<QuotaPopup>('/v1/activity/quota.popup', member.token, {});
    expect(b.body.data.popup).toMatchObject({ type: 'chat', content: MSG.upgradeMember });
  });
});
