import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, COMFORT_MSG, type Envelope, type PointsDaily, type UsageDaily } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyPoints } from '../points/ledger';
import { lastBusinessDays } from './daily';

/** POST /api/v1/number/daily and /api/v2/points/daily: the dashboard's and the points log's charts (issue 17, comfort). */
describe.each(testDbKinds())('daily charts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(url: string, token: string | undefined, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: token ? { token } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  it('need a login; days outside 1-60 are 400 in Chinese', async () => {
    expect((await call('/api/v1/number/daily', undefined, {})).status).toBe(401);
    expect((await call('/api/v2/points/daily', undefined, {})).status).toBe(401);
    const { token } = await t.loginAs();
    for (const url of ['/api/v1/number/daily', '/api/v2/points/daily']) {
      for (const days of [0, 61, 'x', 1.5]) {
        expect((await call(url, token, { days })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: COMFORT_MSG.dailyDaysInvalid });
      }
    }
  });

  it('counts per quota key per day, oldest first, only the caller’s, unused keys left out', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const days = lastBusinessDays(7, t.ctx.config.tzBusiness);
    const [key, label] = [t.ctx.catalog.quotaKeys()[0]!.key, t.ctx.catalog.quotaKeys()[0]!.label];
    const db = t.ctx.database.db;
    const put = (userId: number, quotaKey: string, period: string, used: number) =>
      db.execute(sql`INSERT INTO quota_usage (user_id, quota_key, period, used) VALUES (${userId}, ${quotaKey}, ${period}, ${used})`);
    await put(user.id, key, days[6]!, 3);
    await put(user.id, key, days[1]!, 2);
    await put(user.id, 'retired_key', days[6]!, 1);
    await put(user.id, key, 'total', 50);
    await put(other.user.id, key, days[6]!, 9);

    const { body } = await call<UsageDaily>('/api/v1/number/daily', token, { days: 7 });
    expect(body.code).toBe(200);
    expect(body.data.days).toEqual(days);
    expect(body.data.series).toEqual([
      { key, name: label, data: [0, 2, 0, 0, 0, 0, 3] },
      { key: 'retired_key', name: 'retired_key', data: [0, 0, 0, 0, 0, 0, 1] },
    ]);
    // Default 14 days; a fresh user has no series.
    const fresh = (await call<UsageDaily>('/api/v1/number/daily', (await t.loginAs()).token, {})).body.data;
    expect(fresh.days).toHaveLength(14);
    expect(fresh.series).toEqual([]);
  });

  it('points credited and spent per business day from the caller’s ledger', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const db = t.ctx.database.db;
    await applyPoints(db, { userId: user.id, delta: 10, reason: 'signin' });
    await applyPoints(db, { userId: user.id, delta: -4, reason: 'tool' });
    await applyPoints(db, { userId: user.id, delta: 5, reason: 'invite' });
    await applyPoints(db, { userId: other.user.id, delta: 99, reason: 'pay' });
    // One credit two days ago, one older than the period.
    await applyPoints(db, { userId: user.id, delta: 7, reason: 'signin', note: 'two days ago' });
    await applyPoints(db, { userId: user.id, delta: 8, reason: 'signin', note: 'long ago' });
    await db.execute(sql`UPDATE points_ledger SET created_at = now() - interval '2 days' WHERE user_id = ${user.id} AND note = 'two days ago'`);
    await db.execute(sql`UPDATE points_ledger SET created_at = now() - interval '40 days' WHERE user_id = ${user.id} AND note = 'long ago'`);

    const { body } = await call<PointsDaily>('/api/v2/points/daily', token, { days: 30 });
    expect(body.code).toBe(200);
    expect(body.data.days).toEqual(lastBusinessDays(30, t.ctx.config.tzBusiness));
    expect(body.data.income.slice(-3)).toEqual([7, 0, 15]);
    expect(body.data.expense.slice(-3)).toEqual([0, 0, 4]);
    expect(body.data.income.reduce((a, b) => a + b, 0)).toBe(22);
  });
});
