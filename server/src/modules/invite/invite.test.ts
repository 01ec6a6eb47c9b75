import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  Code,
  MSG,
  type CashOrderItem,
  type Envelope,
  type InvitationCodeRes,
  type InvitationInfoRes,
  type InviteeItem,
  type InvitePage,
  type MoneyCashRes,
  type UserInfo,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { rows } from '../../db/sql';
import { runInviteCli } from './cli';
import { creditInviteCommission } from './commission';
import { attachInviter } from './service';
import { inviteSettings } from './settings';
import { walletLedgerSum } from './wallet';

/**
 * Invitations over HTTP and the commission hook: code and link, invitees recorded at signup,
 * commission once per order at the configured rate and only when opened, cash-out validation,
 * exact admission under concurrency, and the operator's pay/refuse.
 */
describe.each(testDbKinds())('invitations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: token ? { token, host: 'wx.example.com' } : { host: 'wx.example.com' },
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const post = async <T>(url: string, token: string, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { token },
      payload: payload as object,
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const signupWith = async (inviteCode: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/phoneLogin',
      payload: { phone: newPhone(), code: '123456', invite_code: inviteCode },
      remoteAddress: randomIp(),
    });
    return res.json<Envelope<UserInfo>>().data;
  };
  /** A new session for an existing phone (the fixed dev code). */
  const signupTokenOf = async (phone: string) => (await t.loginAs(phone)).token;
  const db = () => t.ctx.database.db;
  let orderSeq = 0;
  /** A paid order row of the shop (H5's table) for `userId`; answers its order number. */
  const paidOrder = async (userId: number, amountCents: number) => {
    const orderNo = `T${Date.now()}${++orderSeq}${Math.floor(Math.random() * 1e6)}`;
    await db().execute(
      sql`INSERT INTO shop_orders (order_no, user_id, shop_id, amount_cents, provider, status, paid_at)
        VALUES (${orderNo}, ${userId}::bigint, 1, ${amountCents}::int, 'mock', 'paid', now())`,
    );
    return orderNo;
  };
  const credit = (orderNo: string, payerId: number, amountCents: number) =>
    db().transaction((tx) => creditInviteCommission(tx, { orderNo, payerId, amountCents }));
  const wallet = async (userId: number) => {
    const [row] = await rows<{ w: number }>(db(), sql`SELECT wallet_cents AS w FROM users WHERE id = ${userId}::bigint`);
    const w = Number(row!.w);
    expect(await walletLedgerSum(db(), userId)).toBe(w);
    return w;
  };
  /** An inviter with the permission open and one invitee. */
  const inviterWithInvitee = async () => {
    const inviter = await t.loginAs();
    expect((await get('/v1/user/openInvitePermission', inviter.token)).body.code).toBe(200);
    const invitee = await signupWith(inviter.user.invite_code);
    return { inviter, invitee };
  };

  it('answers 401 without a session', async () => {
    for (const url of [
      '/v1/user/getInvitationCode',
      '/v1/user/getInvitationInfo',
      '/v1/user/getInvitationList',
      '/v1/user/getInvitationCashOrder',
    ]) {
      expect((await get(url)).status).toBe(401);
    }
  });

  it('gives the invite code and the /login/{code} link on the request origin', async () => {
    const { token, user } = await t.loginAs();
    const r = await get<InvitationCodeRes>('/v1/user/getInvitationCode', token);
    expect(r.body.data.invite_code).toBe(user.invite_code);
    expect(r.body.data.url).toBe(`http://wx.example.com/login/${user.invite_code}`);
  });

  it('records invitees at signup and lists them masked, paged, with paid status', async () => {
    const inviter = await t.loginAs();
    const a = await signupWith(inviter.user.invite_code.toLowerCase());
    const b = await signupWith(inviter.user.invite_code);
    const c = await signupWith(inviter.user.invite_code);
    await paidOrder(b.id, 990);

    const first = await get<InvitePage<InviteeItem>>('/v1/user/getInvitationList?page=1&rows=2', inviter.token);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.list.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first.body.data.list[0]!.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(first.body.data.list[0]!.phone).not.toBe(c.phone);
    expect(first.body.data.list.map((x) => x.paid)).toEqual([false, true]);
    const second = await get<InvitePage<InviteeItem>>('/v1/user/getInvitationList?page=2&rows=2', inviter.token);
    expect(second.body.data.list.map((x) => x.id)).toEqual([a.id]);

    const info = await get<InvitationInfoRes>('/v1/user/getInvitationInfo', inviter.token);
    expect(info.body.data).toMatchObject({
      invite_open: false,
      invited_count: 3,
      paid_count: 1,
      wallet_cents: 0,
      wallet: '0.00',
      rate: 0.3,
    });
    expect(info.body.data.rules.length).toBeGreaterThan(0);

    expect((await get('/v1/user/getInvitationList?page=0', inviter.token)).status).toBe(400);
    expect((await get('/v1/user/getInvitationList?rows=abc', inviter.token)).status).toBe(400);
  });

  it('attachInviter sets the inviter once, never oneself, never over another', async () => {
    const inviter = await t.loginAs();
    const other = await t.loginAs();
    const newcomer = await t.loginAs();
    expect(await attachInviter(db(), newcomer.user.id, newcomer.user.invite_code)).toBeNull();
    expect(await attachInviter(db(), newcomer.user.id, 'NOPE0000')).toBeNull();
    expect(await attachInviter(db(), newcomer.user.id, ` ${inviter.user.invite_code.toLowerCase()} `)).toBe(inviter.user.id);
    expect(await attachInviter(db(), newcomer.user.id, other.user.invite_code)).toBeNull();
    const [row] = await rows<{ invited_by: number }>(db(), sql`SELECT invited_by FROM users WHERE id = ${newcomer.user.id}::bigint`);
    expect(Number(row!.invited_by)).toBe(inviter.user.id);
  });

  it('credits floor(amount x rate) once per order, only when the permission is open', async () => {
    const inviter = await t.loginAs();
    const invitee = await signupWith(inviter.user.invite_code);
    const early = await paidOrder(invitee.id, 2990);
    expect(await credit(early, invitee.id, 2990)).toBeNull();
    expect(await wallet(inviter.user.id)).toBe(0);

    // Opening twice is fine (idempotent).
    for (let i = 0; i < 2; i++) {
      const r = await get<{ invite_open: boolean }>('/v1/user/openInvitePermission', inviter.token);
      expect(r.body).toMatchObject({ code: 200, msg: MSG.inviteOpened, data: { invite_open: true } });
    }
    const orderNo = await paidOrder(invitee.id, 2990);
    const rate = inviteSettings().commissionRate;
    const expected = Math.floor(2990 * rate);
    expect(expected).toBe(897);
    expect(await credit(orderNo, invitee.id, 2990)).toMatchObject({ inviterId: inviter.user.id, cents: expected, balanceCents: expected });
    expect(await credit(orderNo, invitee.id, 2990)).toBeNull();
    const replays = await Promise.all(Array.from({ length: 10 }, () => credit(orderNo, invitee.id, 2990)));
    expect(replays.every((x) => x === null)).toBe(true);
    expect(await wallet(inviter.user.id)).toBe(expected);
    // A payer without an inviter credits nobody.
    const loner = await t.loginAs();
    expect(await credit(await paidOrder(loner.user.id, 5000), loner.user.id, 5000)).toBeNull();

    const info = await get<InvitationInfoRes>('/v1/user/getInvitationInfo', inviter.token);
    expect(info.body.data).toMatchObject({ invite_open: true, total_commission_cents: expected, total_commission: '8.97', wallet: '8.97' });
  });

  it('through the real payment path: a paid order of an invitee credits 30% once, however often the notify comes', async () => {
    const { inviter, invitee } = await inviterWithInvitee();
    const invToken = await signupTokenOf(invitee.phone);
    const created = await post<{ query_order: string }>('/v1/vip/createShopsOrder', invToken, { shop_id: 1, num: 1 });
    expect(created.body.code).toBe(200);
    const mock = t.ctx.pay.mock!;
    const body = JSON.stringify(mock.signedNotify(created.body.data.query_order, 2990));
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/pay/notify/mock', headers: { 'content-type': 'application/json' }, payload: body }),
      ),
    );
    expect(await wallet(inviter.user.id)).toBe(897);
    const info = await get<InvitationInfoRes>('/v1/user/getInvitationInfo', inviter.token);
    expect(info.body.data).toMatchObject({ paid_count: 1, total_commission_cents: 897 });
  });

  it('validates cash-outs with Chinese messages', async () => {
    const closed = await t.loginAs();
    expect((await post('/v1/user/moneyCash', closed.token, { money: 10, casher: 'a@b.cn', name: '张三' })).body).toMatchObject({
      code: Code.FAILED,
      msg: MSG.inviteNotOpen,
    });
    const { inviter, invitee } = await inviterWithInvitee();
    await credit(await paidOrder(invitee.id, 10000), invitee.id, 10000); // 30.00 yuan
    const s = inviteSettings();
    const ok = { casher: 'pay@example.com', name: '张三' };
    const cases: [unknown, number, string][] = [
      [{ ...ok, money: 0 }, 400, MSG.cashMoneyPositive],
      [{ ...ok, money: -5 }, 400, MSG.cashMoneyPositive],
      [{ ...ok, money: 'abc' }, 400, MSG.cashMoneyInvalid],
      [{ ...ok, money: 12.345 }, 400, MSG.cashMoneyInvalid],
      [{ ...ok }, 400, MSG.cashMoneyInvalid],
      [{ ...ok, money: (s.minCashCents - 1) / 100 }, 200, MSG.cashBelowMin((s.minCashCents / 100).toFixed(2))],
      [{ ...ok, money: s.maxCashCents / 100 + 1 }, 200, MSG.cashAboveMax((s.maxCashCents / 100).toFixed(2))],
      [{ ...ok, money: 30.01 }, 200, MSG.cashAboveBalance],
      [{ ...ok, money: 10, casher: '  ' }, 400, MSG.casherEmpty],
      [{ ...ok, money: 10, casher: 'x'.repeat(65) }, 400, MSG.casherTooLong],
      [{ ...ok, money: 10, name: '' }, 400, MSG.cashNameEmpty],
      [{ ...ok, money: 10, name: '张' }, 400, MSG.cashNameLength],
      [{ ...ok, money: 10, name: '张'.repeat(21) }, 400, MSG.cashNameLength],
    ];
    for (const [payload, status, msg] of cases) {
      const r = await post('/v1/user/moneyCash', inviter.token, payload);
      expect({ payload, status: r.status, msg: r.body.msg }).toEqual({ payload, status, msg });
    }
    expect(await wallet(inviter.user.id)).toBe(3000);
    const done = await post<MoneyCashRes>('/v1/user/moneyCash', inviter.token, { ...ok, money: '12.5' });
    expect(done.body).toMatchObject({
      code: 200,
      msg: MSG.cashSubmitted,
      data: { wallet_cents: 1750, wallet: '17.50', order: { money_cents: 1250, status: 'pending' } },
    });
    expect(await wallet(inviter.user.id)).toBe(1750);
  });

  it('20 parallel cash-outs of a balance covering 3 admit exactly 3', async () => {
    const { inviter, invitee } = await inviterWithInvitee();
    await credit(await paidOrder(invitee.id, 11000), invitee.id, 11000); // 33.00 yuan: three of 10
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post<MoneyCashRes>('/v1/user/moneyCash', inviter.token, { money: 10, casher: '13800000000', name: '李四' }),
      ),
    );
    const admitted = results.filter((r) => r.body.code === 200);
    expect(admitted).toHaveLength(3);
    expect(results.filter((r) => r.body.msg === MSG.cashAboveBalance)).toHaveLength(17);
    expect(await wallet(inviter.user.id)).toBe(300);
    const orders = await get<InvitePage<CashOrderItem>>('/v1/user/getInvitationCashOrder?rows=50', inviter.token);
    expect(orders.body.data.total).toBe(3);
  });

  it('operator refuse returns the money once; pay closes; both act on pending orders only', async () => {
    const { inviter, invitee } = await inviterWithInvitee();
    await credit(await paidOrder(invitee.id, 10000), invitee.id, 10000);
    const a = (await post<MoneyCashRes>('/v1/user/moneyCash', inviter.token, { money: 10, casher: 'a@b.cn', name: '王五' })).body.data
      .order;
    const b = (await post<MoneyCashRes>('/v1/user/moneyCash', inviter.token, { money: 15, casher: 'a@b.cn', name: '王五' })).body.data
      .order;
    expect(await wallet(inviter.user.id)).toBe(500);

    const lines: string[] = [];
    const cli = (...args: string[]) => runInviteCli(t.ctx, args, (l) => lines.push(l));
    expect(await cli('cash', 'pending')).toBe(0);
    expect(lines.some((l) => l.startsWith(`${a.id}\t`))).toBe(true);
    expect(await cli('cash', 'refuse', String(a.id))).toBe(0);
    expect(await wallet(inviter.user.id)).toBe(1500);
    expect(await cli('cash', 'refuse', String(a.id))).toBe(1);
    expect(await cli('cash', 'pay', String(a.id))).toBe(1);
    expect(await wallet(inviter.user.id)).toBe(1500);
    expect(await cli('cash', 'pay', String(b.id))).toBe(0);
    expect(await cli('cash', 'refuse', String(b.id))).toBe(1);
    expect(await wallet(inviter.user.id)).toBe(1500);
    expect(await cli('cash', 'pay', 'x')).toBe(2);

    const page1 = await get<InvitePage<CashOrderItem>>('/v1/user/getInvitationCashOrder?page=1&rows=1', inviter.token);
    expect(page1.body.data).toMatchObject({ total: 2, page: 1, rows: 1 });
    expect(page1.body.data.list[0]).toMatchObject({ id: b.id, status: 'paid', money: '15.00' });
    const page2 = await get<InvitePage<CashOrderItem>>('/v1/user/getInvitationCashOrder?page=2&rows=1', inviter.token);
    expect(page2.body.data.list[0]).toMatchObject({ id: a.id, status: 'refused' });
    expect(page2.body.data.list[0]!.closed_at).not.toBeNull();
  });
});
