import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_MONEY_MSG as M, MSG, type AdminAuditItem, type AdminCashItem, type AdminMoneyOrder, type ShopOrderCreated } from '@wanxiang/contract';
import { rows } from '../../db/sql';
import { ledgerSum } from '../points/ledger';
import { applyWallet, walletLedgerSum } from '../invite/wallet';
import { randomIp, type TestApp } from '../../../test/app';
import { expectAdminOnly, startAdminApp } from '../../../test/admin-fixture';
import { testDbKinds } from '../../../test/db';

/**
 * The money area of the console through the API: orders (filters, paging, CSV), refunds (the grant taken back once,
 * whatever the concurrency), card batches (issue, export, void, a voided card refused at activation), cash-out review
 * (the wallet ledger stays equal to the wallet). Every change leaves its audit row.
 */
describe.each(testDbKinds())('admin money on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    const a = await startAdminApp(kind);
    t = a.t;
    admin = a.admin.token;
    user = a.user.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? { token } : {}, payload: payload as object | undefined, remoteAddress: randomIp() });
  const get = (url: string) => call('GET', url, admin);
  const post = (url: string, payload?: unknown) => call('POST', url, admin, payload);
  const db = () => t.ctx.database.db;
  const auditOf = async (action: string, target: string): Promise<AdminAuditItem[]> =>
    (await get(`/api/admin/audit?action=${action}&target=${target}`)).json().data.list;

  /** A paid order of `shopId` for the user, through the shop and the mock gateway's signed notify. */
  async function paidOrder(token: string, shopId: number): Promise<string> {
    const created = (await call('POST', '/api/v1/vip/createShopsOrder', token, { shop_id: shopId, pay_id: 0, num: 1 })).json<{ data: ShopOrderCreated }>().data;
    const order = (await rows<{ amount_cents: number }>(db(), sql`SELECT amount_cents FROM shop_orders WHERE order_no = ${created.query_order}`))[0]!;
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/mock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(t.ctx.pay.mock!.signedNotify(created.query_order, Number(order.amount_cents))),
    });
    expect(notify.statusCode).toBe(200);
    return created.query_order;
  }
  const userRow = async (id: number) => {
    const [u] = await rows<{ vip: number; vip_expires_at: Date | string | null; vip_permanent: boolean; points: number }>(
      db(),
      sql`SELECT vip, vip_expires_at, vip_permanent, points FROM users WHERE id = ${id}::bigint`,
    );
    expect(await ledgerSum(db(), id)).toBe(Number(u!.points));
    return { vip: Number(u!.vip), expires: u!.vip_expires_at ? new Date(u!.vip_expires_at).getTime() : null, permanent: u!.vip_permanent, points: Number(u!.points) };
  };

  it('users get 403 and visitors 401 on the money routes', async () => {
    await expectAdminOnly(t, user, [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders.csv'],
      ['POST', '/api/admin/orders/X1/refund'],
      ['POST', '/api/admin/cards/batches'],
      ['GET', '/api/admin/cash-outs'],
    ]);
  });

  it('lists orders with filters and paging; the CSV has a BOM, Chinese headers and no formula cells', async () => {
    const buyer = await t.loginAs();
    const a = await paidOrder(buyer.token, 1);
    const b = await paidOrder(buyer.token, 11);
    const pending = (await call('POST', '/api/v1/vip/createShopsOrder', buyer.token, { shop_id: 2, pay_id: 0, num: 1 })).json().data.query_order as string;

    const mine = (await get(`/api/admin/orders?keyword=${buyer.user.id}&size=2`)).json().data;
    expect(mine.total).toBe(3);
    expect(mine.list.map((o: AdminMoneyOrder) => o.orderNo)).toEqual([pending, b]);
    expect((await get(`/api/admin/orders?keyword=${buyer.user.id}&size=2&page=2`)).json().data.list.map((o: AdminMoneyOrder) => o.orderNo)).toEqual([a]);
    const paid = (await get(`/api/admin/orders?keyword=${buyer.user.id}&status=paid`)).json().data;
    expect(paid.list.map((o: AdminMoneyOrder) => o.orderNo).sort()).toEqual([a, b].sort());
    expect(paid.list[0]).toMatchObject({ userId: Number(buyer.user.id), provider: 'mock', status: 'paid' });
    expect((await get(`/api/admin/orders?keyword=${a}`)).json().data.list).toHaveLength(1);
    expect((await get(`/api/admin/orders?keyword=${buyer.user.id}&provider=alipay`)).json().data.total).toBe(0);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: t.ctx.config.tzBusiness });
    expect((await get(`/api/admin/orders?keyword=${buyer.user.id}&from=${today}&to=${today}`)).json().data.total).toBe(3);
    expect((await get(`/api/admin/orders?keyword=${buyer.user.id}&to=2000-01-01`)).json().data.total).toBe(0);

    // A refund reason shaped like a formula must come out of the CSV inert.
    await post(`/api/admin/orders/${a}/refund`, { reason: '=HYPERLINK("http://evil","点我")' });
    const csv = await get(`/api/admin/orders.csv?keyword=${buyer.user.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
    expect(csv.body.startsWith('\uFEFF订单号,用户ID,手机号')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    const refundedLine = lines.find((l) => l.startsWith(a))!;
    expect(refundedLine).toContain('已退款');
    expect(refundedLine).toContain(`"'=HYPERLINK(""http://evil"",""点我"")"`);
    expect(lines.find((l) => l.startsWith(b))).toContain(',模拟支付,已支付,');
  });

  it('refunds take back points, membership and counts exactly once, even when two admins race', async () => {
    const buyer = await t.loginAs();
    const id = Number(buyer.user.id);
    const before = await userRow(id);
    const no = await paidOrder(buyer.token, 1); // 30 days, vip 1, 100 points, 50 chat_v40
    const granted = await userRow(id);
    expect(granted.points).toBe(before.points + 100);
    expect(granted.vip).toBe(1);

    const [r1, r2] = await Promise.all([post(`/api/admin/orders/${no}/refund`, { reason: '用户申请退款' }), post(`/api/admin/orders/${no}/refund`, { reason: '重复点击' })]);
    const bodies = [r1.json(), r2.json()];
    const won = bodies.filter((x) => x.code === 200);
    expect(won).toHaveLength(1);
    expect(bodies.filter((x) => x.code === 1000).map((x) => x.msg)).toEqual([M.moneyRefundAlready]);
    expect(won[0]).toMatchObject({
      msg: M.moneyRefundDone,
      data: { pointsTaken: 100, pointsShort: 0, daysTaken: 30, permanentRemoved: false, countsTaken: { chat_v40: 50 }, providerRefund: 'manual', order: { status: 'refunded' } },
    });
    const after = await userRow(id);
    expect(after.points).toBe(before.points);
    expect(after.vip).toBe(0); // the only term came from this order
    const bonus = await rows<{ granted: number }>(db(), sql`SELECT granted FROM quota_bonus WHERE user_id = ${id}::bigint AND quota_key = 'chat_v40'`);
    expect(Number(bonus[0]!.granted)).toBe(0);

    // The user sees it in the bill; a third try is refused too.
    const bill = (await call('POST', '/api/v2/points/bill', buyer.token, { type: 0, page: 1, rows: 5 })).json().data;
    expect(bill.list[0]).toMatchObject({ delta: -100, reason: 'refund', reason_text: '订单退款' });
    expect((await post(`/api/admin/orders/${no}/refund`, { reason: '再退' })).json()).toMatchObject({ code: 1000, msg: M.moneyRefundAlready });
    // The gateway replaying the payment's notify afterwards is acknowledged and credits nothing again.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/mock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(t.ctx.pay.mock!.signedNotify(no, 2990)),
    });
    expect(replay.statusCode).toBe(200);
    expect(await userRow(id)).toEqual(after);
    const outcomes = await rows<{ outcome: string }>(db(), sql`SELECT outcome FROM pay_notifications WHERE order_no = ${no} ORDER BY id`);
    expect(outcomes.map((o) => o.outcome)).toEqual(['credited', 'duplicate']);

    const audit = await auditOf('money.refund', `order:${no}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ status: 'paid', points: granted.points, membership: { vip: 1 } });
    expect(audit[0]!.after).toMatchObject({ status: 'refunded', points: before.points, pointsTaken: 100, membership: { vip: 0 } });
  });

  it('refunds keep an earlier term, take only the points left, and refuse unpaid or unknown orders', async () => {
    const buyer = await t.loginAs();
    const id = Number(buyer.user.id);
    const first = await paidOrder(buyer.token, 1);
    const second = await paidOrder(buyer.token, 1);
    const both = await userRow(id);
    // The user spends most of the points.
    await post(`/api/admin/users/${id}/points`, { delta: -(both.points - 30), reason: '模拟消费' });

    const res = (await post(`/api/admin/orders/${second}/refund`, { reason: '部分退款' })).json();
    expect(res.data).toMatchObject({ pointsTaken: 30, pointsShort: 70, daysTaken: 30 });
    const after = await userRow(id);
    expect(after.points).toBe(0);
    expect(after.vip).toBe(1); // the first order's 30 days remain
    expect(after.expires! - both.expires!).toBe(-30 * 86_400_000);
    expect(first).not.toBe(second);

    const pending = (await call('POST', '/api/v1/vip/createShopsOrder', buyer.token, { shop_id: 2, pay_id: 0, num: 1 })).json().data.query_order as string;
    expect((await post(`/api/admin/orders/${pending}/refund`, { reason: '未支付' })).json()).toMatchObject({ code: 1000, msg: M.moneyRefundNotPaid });
    const unknown = await post('/api/admin/orders/NOSUCHORDER/refund', { reason: '不存在' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(M.moneyOrderNotFound);
  });

  it('issues a card batch, exports it, voids an unused card that then cannot be activated', async () => {
    const issued = (await post('/api/admin/cards/batches', { shopId: 1, count: 3, note: '双十一活动', daysValid: 30 })).json();
    expect(issued).toMatchObject({ code: 200, msg: M.moneyCardsIssued(3), data: { batch: { shopId: 1, shopName: '月度会员', count: 3, used: 0, voided: 0, note: '双十一活动' } } });
    const { batch } = issued.data.batch;
    const [c1, c2] = issued.data.codes as string[];
    expect(c1).toMatch(/^[A-Z2-9]{16}$/);

    const user = await t.loginAs();
    expect((await call('POST', '/api/v1/vip/cardActive', user.token, { card: c1 })).json().code).toBe(200);
    expect((await post(`/api/admin/cards/${c1}/void`)).json()).toMatchObject({ code: 1000, msg: M.moneyCardUsedNoVoid });
    expect((await post(`/api/admin/cards/${c2}/void`)).json()).toMatchObject({ code: 200, msg: M.moneyCardVoidDone, data: { state: 'voided' } });
    expect((await post(`/api/admin/cards/${c2}/void`)).json()).toMatchObject({ code: 1000, msg: M.moneyCardAlreadyVoided });
    expect((await post('/api/admin/cards/NOSUCHCARD/void')).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/vip/cardActive', user.token, { card: c2 })).json()).toMatchObject({ code: 1000, msg: M.moneyCardAlreadyVoided });

    const batches = (await get('/api/admin/cards/batches')).json().data;
    expect(batches.list.find((b: { batch: string }) => b.batch === batch)).toMatchObject({ count: 3, used: 1, voided: 1 });
    const unused = (await get(`/api/admin/cards?batch=${batch}&state=unused`)).json().data;
    expect(unused.total).toBe(1);
    const csv = await get(`/api/admin/cards/batches/${batch}/cards.csv`);
    expect(csv.body.startsWith('\uFEFF卡密,批次')).toBe(true);
    expect(csv.body).toContain(`${c2},${batch},1,月度会员,已作废`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    expect((await get('/api/admin/cards/batches/NOPE/cards.csv')).statusCode).toBe(404);

    expect(await auditOf('money.cards_issue', `card_batch:${batch}`)).toHaveLength(1);
    expect((await auditOf('money.card_void', `card:${c2}`))[0]).toMatchObject({ before: { state: 'unused' }, after: { state: 'voided' } });
    expect((await post('/api/admin/cards/batches', { shopId: 999, count: 1 })).json()).toMatchObject({ code: 1000, msg: M.moneyCardShopUnknown });
  });

  it('reviews cash-outs: pending first, approve with a reference, refuse returns the money through the wallet ledger', async () => {
    const inviter = await t.loginAs();
    const id = Number(inviter.user.id);
    await db().transaction(async (tx) => {
      await applyWallet(tx, { userId: id, deltaCents: 50_000, reason: 'commission', ref: 'test', idemKey: `test-commission:${id}` });
    });
    expect((await call('GET', '/api/v1/user/openInvitePermission', inviter.token)).json().code).toBe(200);
    const ask = async (money: number) => (await call('POST', '/api/v1/user/moneyCash', inviter.token, { money, casher: '13800000000', name: '张三' })).json();
    const a = await ask(100);
    const b = await ask(120);
    expect(a.code).toBe(200);
    const [ida, idb] = [Number(a.data.order.id), Number(b.data.order.id)];
    expect(await walletLedgerSum(db(), id)).toBe(50_000 - 22_000);

    const list = (await get('/api/admin/cash-outs')).json().data;
    expect(list.list[0].status).toBe('pending');
    expect(list.pending).toBeGreaterThanOrEqual(2);
    expect(list.list.find((c: AdminCashItem) => c.id === ida)).toMatchObject({ userId: id, moneyCents: 10_000, casher: '13800000000', name: '张三' });

    const approved = await post(`/api/admin/cash-outs/${ida}/approve`, { transferRef: 'ALI2026112700001' });
    expect(approved.json()).toMatchObject({ code: 200, msg: M.moneyCashApproved, data: { status: 'paid', transferRef: 'ALI2026112700001' } });
    expect((await post(`/api/admin/cash-outs/${ida}/refuse`, { reason: '已打款后拒绝' })).json()).toMatchObject({ code: 1000, msg: M.moneyCashNotPending });

    const [r1, r2] = await Promise.all([post(`/api/admin/cash-outs/${idb}/refuse`, { reason: '收款账号与实名不符' }), post(`/api/admin/cash-outs/${idb}/refuse`, { reason: '重复' })]);
    expect([r1.json().code, r2.json().code].sort((x, y) => x - y)).toEqual([200, 1000]);
    const wallet = await rows<{ wallet_cents: number }>(db(), sql`SELECT wallet_cents FROM users WHERE id = ${id}::bigint`);
    expect(Number(wallet[0]!.wallet_cents)).toBe(50_000 - 10_000);
    expect(await walletLedgerSum(db(), id)).toBe(50_000 - 10_000);

    const paidOnly = (await get('/api/admin/cash-outs?status=paid')).json().data.list as AdminCashItem[];
    expect(paidOnly.every((c) => c.status === 'paid')).toBe(true);
    expect((await auditOf('money.cash_approve', `cash_out:${ida}`))[0]!.after).toMatchObject({ status: 'paid', transferRef: 'ALI2026112700001' });
    expect((await auditOf('money.cash_refuse', `cash_out:${idb}`))[0]!.after).toMatchObject({ status: 'refused', walletCents: 40_000 });
    expect((await post('/api/admin/cash-outs/999999/approve', { transferRef: 'x' })).statusCode).toBe(404);
  });

  it('answers bad input with Chinese 400s', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/admin/orders?status=done', undefined, M.moneyOrderStatusInvalid],
      ['GET', '/api/admin/orders?provider=paypal', undefined, M.moneyProviderInvalid],
      ['GET', '/api/admin/orders?from=2026-02-30', undefined, M.moneyDateInvalid],
      ['GET', '/api/admin/orders?from=2026-03-02&to=2026-03-01', undefined, M.moneyDateRangeInvalid],
      ['GET', `/api/admin/orders?keyword=${'x'.repeat(65)}`, undefined, M.moneyKeywordInvalid],
      ['GET', '/api/admin/orders.csv?size=0', undefined, MSG.adminSizeInvalid],
      ['POST', '/api/admin/orders/X1/refund', { reason: '' }, M.moneyRefundReasonInvalid],
      ['POST', '/api/admin/orders/a%20b/refund', { reason: '原因' }, M.moneyOrderNoInvalid],
      ['POST', '/api/admin/cards/batches', { shopId: 1, count: 1001 }, M.moneyCardCountInvalid],
      ['POST', '/api/admin/cards/batches', { shopId: 'x', count: 1 }, M.moneyCardShopInvalid],
      ['POST', '/api/admin/cards/batches', { shopId: 1, count: 1, daysValid: 0 }, M.moneyCardDaysInvalid],
      ['POST', '/api/admin/cards/batches', { shopId: 1, count: 1, note: 'x'.repeat(201) }, M.moneyCardNoteInvalid],
      ['GET', '/api/admin/cards?state=lost', undefined, M.moneyCardStateInvalid],
      ['POST', '/api/admin/cards/a-b/void', undefined, M.moneyCardCodeInvalid],
      ['GET', '/api/admin/cash-outs?status=x', undefined, M.moneyCashStatusInvalid],
      ['POST', '/api/admin/cash-outs/abc/approve', { transferRef: 'x' }, M.moneyCashIdInvalid],
      ['POST', '/api/admin/cash-outs/1/approve', { transferRef: ' ' }, M.moneyTransferRefInvalid],
      ['POST', '/api/admin/cash-outs/1/refuse', {}, M.moneyCashRefuseReasonInvalid],
    ];
    for (const [method, url, body, msg] of cases) {
      const res = await call(method as 'GET' | 'POST', url, admin, body);
      expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({ url, status: 400, body: { code: 400, msg } });
    }
  });
});
