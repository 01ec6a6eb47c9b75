import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type PointsBill } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyPoints, ledgerSum } from './ledger';

/** POST /api/v2/points/bill: the caller's ledger, newest first, paged, filtered by income/expense. */
describe.each(testDbKinds())('points bill on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bill = async (token: string | undefined, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/points/bill', headers: token ? { token } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<PointsBill>>() };
  };

  it('needs a login; a bad type or page is 400 in Chinese', async () => {
    expect((await bill(undefined, {})).status).toBe(401);
    const { token } = await t.loginAs();
    expect((await bill(token, { type: 5 })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.pointsBillTypeInvalid });
    expect((await bill(token, { type: 'x' })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.pointsBillTypeInvalid });
    expect((await bill(token, { page: 0 })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.pointsBillPageInvalid });
    expect((await bill(token, { rows: 1000 })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.pointsBillPageInvalid });
  });

  it('pages the ledger newest first and filters income (1) and expense (2); others’ rows never show', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const db = t.ctx.database.db;
    await applyPoints(db, { userId: user.id, delta: 10, reason: 'signin', note: '10积分' });
    await applyPoints(db, { userId: user.id, delta: 5, reason: 'invite' });
    await applyPoints(db, { userId: user.id, delta: -3, reason: 'tool' });
    await applyPoints(db, { userId: user.id, delta: 7, reason: 'something_new' });
    await applyPoints(db, { userId: other.user.id, delta: 99, reason: 'pay' });

    const p1 = (await bill(token, { type: 0, page: 1, rows: 3, invite_code: 'abc' })).body;
    expect(p1.code).toBe(200);
    expect(p1.data).toMatchObject({ total: 4, page: 1, rows: 3, points: 19 });
    expect(p1.data.list.map((r) => r.delta)).toEqual([7, -3, 5]);
    expect(p1.data.list.map((r) => r.balance_after)).toEqual([19, 12, 15]);
    expect(p1.data.list.map((r) => r.reason_text)).toEqual([MSG.pointsReasonOther, '工具消耗', '邀请奖励']);
    const p2 = (await bill(token, { page: 2, rows: 3 })).body.data;
    expect(p2.list).toHaveLength(1);
    expect(p2.list[0]).toMatchObject({ delta: 10, reason: 'signin', reason_text: '每日签到', note: '10积分' });
    expect(Number.isNaN(Date.parse(p2.list[0]!.created_at))).toBe(false);
    expect((await bill(token, { page: 9, rows: 3 })).body.data).toMatchObject({ list: [], total: 4 });

    const income = (await bill(token, { type: 1, rows: 10 })).body.data;
    expect(income.total).toBe(3);
    expect(income.list.every((r) => r.delta > 0)).toBe(true);
    const expense = (await bill(token, { type: '2' })).body.data;
    expect(expense.total).toBe(1);
    expect(expense.list[0]).toMatchObject({ delta: -3, reason: 'tool' });
    // Defaults: type 0, page 1, rows 10; the balance equals the ledger sum.
    const all = (await bill(token, {})).body.data;
    expect(all).toMatchObject({ total: 4, page: 1, rows: 10 });
    expect(all.points).toBe(await ledgerSum(db, user.id));
  });
});
