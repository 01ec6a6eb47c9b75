import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, MSG, type Envelope, type PointsRes, type SigninCheck, type SigninInfo, type SigninResult } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { ledgerSum } from '../points/ledger';
import { rows } from '../../db/sql';
import { selectBonus } from '../quota/bonus';
import { loadSigninRewards } from './rewards';
import { signIn, signinInfo } from './service';

/**
 * Daily sign-in over HTTP (check.signin, todayIsSign, signin, signin.info) and the calendar rules
 * through the service with a controllable clock: the streak across a Monday, a missed day, the
 * full-week bonus once per week. Credits are checked in the ledger and in quota_bonus.
 */
const rewards = loadSigninRewards();
/** Noon in Shanghai (04:00 UTC) of a business day. */
const at = (day: string) => new Date(`${day}T04:00:00Z`);

describe.each(testDbKinds())('sign-in on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(path: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const points = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/user/points', headers: { token }, payload: {} })).json<Envelope<PointsRes>>().data
      .points;
  const bonusOf = async (userId: number) =>
    Object.fromEntries((await selectBonus(t.ctx.database.db, userId)).map((b) => [b.quotaKey, b.granted]));
  const grantsOf = async (userId: number, reason: string) => {
    const [r] = await rows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM quota_grants WHERE user_id = ${userId}::bigint AND reason = ${reason}::varchar`,
    );
    return Number(r!.n);
  };

  it('every call needs a login', async () => {
    for (const p of ['/v1/user/check.signin', '/v1/user/todayIsSign', '/v1/user/signin', '/v1/user/signin.info']) {
      expect((await get(p)).status, p).toBe(401);
    }
  });

  it('signs once a day: the reward is credited, a second call answers 今日已签到，请明日再来', async () => {
    const { token, user } = await t.loginAs();
    expect((await get<SigninCheck>('/v1/user/check.signin', token)).body).toMatchObject({ code: 200, data: { signin: false } });
    expect((await get<SigninCheck>('/v1/user/todayIsSign', token)).body.data).toEqual({ signin: false });
    const first = await get<SigninResult>('/v1/user/signin', token);
    expect(first.body).toMatchObject({ code: 200, data: { reward: rewards.days[0]!.gift, continue_days: 1, week_bonus: false } });
    expect(first.body.data.points).toBe(rewards.days[0]!.points);
    const again = await get('/v1/user/signin', token);
    expect(again.status).toBe(200);
    expect(again.body.code).not.toBe(200);
    expect(again.body).toMatchObject({ code: Code.FAILED, msg: MSG.signinAlready });
    expect((await get<SigninCheck>('/v1/user/check.signin', token)).body.data).toEqual({ signin: true });
    expect((await get<SigninCheck>('/v1/user/todayIsSign', token)).body.data).toEqual({ signin: true });
    // The ledger sums to the balance and holds exactly the day's credit.
    expect(await points(token)).toBe(rewards.days[0]!.points);
    expect(await ledgerSum(t.ctx.database.db, user.id)).toBe(rewards.days[0]!.points);
  });

  it('20 parallel sign-ins sign once and credit once', async () => {
    const { token, user } = await t.loginAs();
    const out = await Promise.all(Array.from({ length: 20 }, () => get<SigninResult>('/v1/user/signin', token)));
    expect(out.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of out.filter((x) => x.body.code !== 200)) expect(r.body).toMatchObject({ code: Code.FAILED, msg: MSG.signinAlready });
    expect(await points(token)).toBe(rewards.days[0]!.points);
    const [n] = await rows<{ rows: number; signins: number }>(
      t.ctx.database.db,
      sql`SELECT (SELECT count(*)::int FROM points_ledger WHERE user_id = ${user.id}::bigint AND reason = 'signin') AS rows,
                 (SELECT count(*)::int FROM signins WHERE user_id = ${user.id}::bigint) AS signins`,
    );
    expect(n).toEqual({ rows: 1, signins: 1 });
  });

  it('signin.info: 7 days with their gift texts, the streak and today’s flag', async () => {
    const { token } = await t.loginAs();
    const before = (await get<SigninInfo>('/v1/user/signin.info', token)).body;
    expect(before.code).toBe(200);
    expect(before.data.list.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(before.data.list.map((d) => d.gift)).toEqual(rewards.days.map((d) => d.gift));
    expect(before.data.list[6]!.gift).toBe('AI视频×10');
    expect(before.data).toMatchObject({ continue_days: 0, signin: false, reward: 'AI视频×10' });
    expect(before.data.list.every((d) => !d.signed && /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
    expect(before.data.week_bonus).toHaveLength(4);
    expect(before.data.rules.length).toBeGreaterThan(0);
    await get('/v1/user/signin', token);
    const after = (await get<SigninInfo>('/v1/user/signin.info', token)).body.data;
    expect(after).toMatchObject({ continue_days: 1, signin: true });
    expect(after.list.map((d) => d.signed)).toEqual([true, false, false, false, false, false, false]);
    expect(after.list[0]!.date).toBe(before.data.list[0]!.date);
  });

  it('the streak goes Saturday 1, Sunday 2, and restarts at 1 on Monday (Asia/Shanghai)', async () => {
    const { user } = await t.loginAs();
    expect((await signIn(t.ctx, user, at('2026-11-21'))).continue_days).toBe(1);
    // Sunday evening: not signed yet, yesterday counts.
    const sunday = await signinInfo(t.ctx, user, at('2026-11-22'));
    expect(sunday).toMatchObject({ continue_days: 1, signin: false });
    expect(sunday.list[1]!.date).toBe('2026-11-22');
    expect((await signIn(t.ctx, user, at('2026-11-22'))).continue_days).toBe(2);
    expect((await signinInfo(t.ctx, user, at('2026-11-22'))).list.map((d) => d.date).slice(0, 2)).toEqual(['2026-11-21', '2026-11-22']);
    // 23:59 Sunday is still Sunday; 00:00 Monday Shanghai (Sunday 16:00 UTC) resets the week.
    expect((await signinInfo(t.ctx, user, new Date('2026-11-22T15:59:00Z'))).continue_days).toBe(2);
    expect((await signinInfo(t.ctx, user, new Date('2026-11-22T16:00:00Z'))).continue_days).toBe(0);
    expect((await signIn(t.ctx, user, new Date('2026-11-22T16:00:00Z'))).continue_days).toBe(1);
    expect((await signinInfo(t.ctx, user, at('2026-11-23'))).continue_days).toBe(1);
    // A missed day (Tuesday) restarts at 1 on Wednesday.
    expect((await signinInfo(t.ctx, user, at('2026-11-25'))).continue_days).toBe(0);
    expect((await signIn(t.ctx, user, at('2026-11-25'))).continue_days).toBe(1);
    // Gifts follow the streak day: Sat day 1, Sun day 2, Mon day 1 again.
    expect(await ledgerSum(t.ctx.database.db, user.id)).toBe(3 * rewards.days[0]!.points + rewards.days[1]!.points);
  });

  it('seven days in a row credit every day and the full-week bonus once; the next week starts over', async () => {
    const { user, token } = await t.loginAs();
    const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
    const results = [];
    for (const d of days) results.push(await signIn(t.ctx, user, at(d)));
    expect(results.map((r) => r.continue_days)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => r.week_bonus)).toEqual([false, false, false, false, false, false, true]);
    expect(results[6]!.reward).toContain('AI视频×10');
    expect(results[6]!.reward).toContain('满勤奖励');
    // Points: the sum of the days' points, and the ledger sums to the balance.
    const expectedPoints = rewards.days.reduce((s, d) => s + d.points, 0);
    expect(await points(token)).toBe(expectedPoints);
    expect(await ledgerSum(t.ctx.database.db, user.id)).toBe(expectedPoints);
    // Counts: each day's plus 15 each of AI music, chat 4.0 and AI video; the pending entry credits nothing.
    const expected: Record<string, number> = {};
    for (const d of rewards.days) for (const [k, n] of Object.entries(d.counts)) expected[k] = (expected[k] ?? 0) + n;
    for (const k of ['ai_music', 'chat_v40', 'ai_video']) expected[k] = (expected[k] ?? 0) + 15;
    expect(await bonusOf(user.id)).toEqual(expected);
    expect(await grantsOf(user.id, 'signin_week')).toBe(3);
    expect(rewards.weekBonus.filter((b) => b.pending)).toHaveLength(1);
    // Same day again: refused, nothing more credited.
    await expect(signIn(t.ctx, user, at('2026-11-22'))).rejects.toMatchObject({ code: Code.FAILED, message: MSG.signinAlready });
    // Next Monday: day 1 again, no second week bonus.
    expect(await signIn(t.ctx, user, at('2026-11-23'))).toMatchObject({ continue_days: 1, week_bonus: false });
    expect(await grantsOf(user.id, 'signin_week')).toBe(3);
    expect(await bonusOf(user.id)).toEqual(expected);
  });
});
