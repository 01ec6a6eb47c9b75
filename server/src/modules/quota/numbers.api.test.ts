import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { Code, MSG, type Envelope, type PointsRes, type QuotaBalance, type QuotaRefusal, type UsageItem } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadCatalog, type Catalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import { forgetUserSessions } from '../auth/service';
import { applyPoints, ledgerSum } from '../points/ledger';
import { rows } from '../../db/sql';
import { dataOf, namesOf, postChat } from '../chat/testing/sse-client';
import { quotaUsage, reapStaleReservations, reserveChat } from './service';

/**
 * The quota calls (number/check, submit, all, user/points) and the chat gate (tiers, counts,
 * only_points, allow_points with and without usePoints) over HTTP, with the real catalog plus
 * two made-up tool keys charged by submit ('later_tool' 3 a day for everyone, 'later_vip_tool' none for free users).
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '0' };

function withToolKeys(base: Catalog): Catalog {
  const tools: Record<string, Record<number, number>> = { later_tool: { 0: 3, 1: 3 }, later_vip_tool: { 0: 0, 1: 5 } };
  return {
    ...base,
    quotaKeys: () => [...base.quotaKeys(), { key: 'later_tool', label: '后续工具' }, { key: 'later_vip_tool', label: '会员工具' }],
    dailyLimit: (key, vip) => (key in tools ? (tools[key]![vip] ?? tools[key]![1]!) : base.dailyLimit(key, vip)),
  };
}

describe.each(testDbKinds())('quota and points calls on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const catalog = withToolKeys(loadCatalog());
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(path: string, token: string | undefined, payload: unknown = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${path}`, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const setVip = async (userId: number, vip: number) => {
    await t.ctx.database.db.execute(sql`UPDATE users SET vip = ${vip}::int WHERE id = ${userId}::bigint`);
    forgetUserSessions(t.ctx, userId);
  };
  const credit = (userId: number, delta: number) => applyPoints(t.ctx.database.db, { userId, delta, reason: 'test' });
  const points = async (token: string) => (await call<PointsRes>('/v1/user/points', token)).body.data.points;
  /** users.points equals the sum of the user's ledger. */
  const expectLedgerBalanced = async (userId: number) => {
    const [row] = await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${userId}::bigint`);
    expect(await ledgerSum(t.ctx.database.db, userId)).toBe(Number(row!.points));
  };
  const chat = async (model: string, token: string, body: Record<string, unknown> = {}) => {
    const c = await postChat(base, model, { prompt: '短答 [demo:tokens=2]', ...body }, token);
    await c.finished;
    return c;
  };

  it('every call needs a login; bad types and numbers are 400 in Chinese', async () => {
    for (const path of ['/v1/number/check', '/v1/number/submit', '/v1/number/all', '/v1/user/points']) {
      const r = await call(path, undefined, { type: 'chat' });
      expect(r.status, path).toBe(401);
    }
    const { token } = await t.loginAs();
    expect((await call('/v1/number/check', token, {})).body).toMatchObject({ code: 400, msg: MSG.quotaTypeUnknown });
    expect((await call('/v1/number/check', token, { type: 'no_such_key' })).body).toMatchObject({ code: 400, msg: MSG.quotaTypeUnknown });
    expect((await call('/v1/number/check', token, { type: 'Chat;drop' })).body).toMatchObject({ code: 400, msg: MSG.quotaTypeUnknown });
    expect((await call('/v1/number/submit', token, { type: 'chat', number: 0 })).body).toMatchObject({
      code: 400,
      msg: MSG.quotaNumberInvalid,
    });
    expect((await call('/v1/number/submit', token, { type: 'chat', number: 1.5 })).body).toMatchObject({
      code: 400,
      msg: MSG.quotaNumberInvalid,
    });
  });

  it('check answers code 200 with the balance, and NO_COUNT with the popup texts by tier', async () => {
    const { token, user } = await t.loginAs();
    const ok = await call<QuotaBalance>('/v1/number/check', token, { type: 'chat_v40', number: 1 });
    expect(ok.body).toMatchObject({ code: 200, data: { key: 'chat_v40', maxNumber: 2, balance: 2, used: 0 } });
    const over = await call<QuotaRefusal>('/v1/number/check', token, { type: 'chat_v40', number: 3 });
    expect(over.status).toBe(200);
    expect(over.body.code).toBe(Code.NO_COUNT);
    expect(over.body.msg).toBe(MSG.countExhausted);
    expect(over.body.data).toEqual({
      title: MSG.countExhaustedTitle,
      content: MSG.upgradeFree,
      key: 'chat_v40',
      vip: 0,
      maxNumber: 2,
      balance: 2,
    });
    await setVip(user.id, 1);
    // Members read the member text; unlimited keys answer max -1.
    expect((await call<QuotaBalance>('/v1/number/check', token, { type: 'chat' })).body.data).toMatchObject({ maxNumber: -1, balance: -1 });
    const member = await call<QuotaRefusal>('/v1/number/check', token, { type: 'chat_v40', number: 31 });
    expect(member.body).toMatchObject({ code: Code.NO_COUNT, data: { content: MSG.upgradeMember, vip: 1, maxNumber: 30 } });
  });

  it('submit reports a chat key the reply was already charged under, never charging twice', async () => {
    const { token, user } = await t.loginAs();
    const c = await chat('chat4', token);
    expect(namesOf(c).at(-1)).toBe('done');
    const ref = dataOf(c, 'done')!.messageId;
    const sub = await call<QuotaBalance>('/v1/number/submit', token, { type: 'chat_v40', number: 1, ref });
    expect(sub.body).toMatchObject({ code: 200, data: { key: 'chat_v40', maxNumber: 2, balance: 1, used: 1, charged: false } });
    await call('/v1/number/submit', token, { type: 'chat_v40', number: 1 });
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    // After the last count, the check refuses and so does the chat route.
    await chat('chat4', token);
    expect((await call('/v1/number/check', token, { type: 'chat_v40' })).body.code).toBe(Code.NO_COUNT);
    const sub2 = await call<QuotaBalance>('/v1/number/submit', token, { type: 'chat_v40', number: 1 });
    expect(sub2.body.data).toMatchObject({ balance: 0, used: 2, charged: false });
  });

  it('submit charges a tool key atomically: 10 racing submits against 3 a day admit exactly 3', async () => {
    const { token, user } = await t.loginAs();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call<QuotaBalance>('/v1/number/submit', token, { type: 'later_tool', number: 1 })),
    );
    const charged = results.filter((r) => r.body.code === 200);
    expect(charged).toHaveLength(3);
    for (const r of charged) expect(r.body.data.charged).toBe(true);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body).toMatchObject({ code: Code.NO_COUNT, msg: MSG.countExhausted });
    expect(await quotaUsage(t.ctx, user.id, 'later_tool')).toEqual({ used: 3, reserved: 0 });
    // More than what is left is refused whole.
    const other = await t.loginAs();
    await call('/v1/number/submit', other.token, { type: 'later_tool', number: 2 });
    expect((await call('/v1/number/submit', other.token, { type: 'later_tool', number: 2 })).body.code).toBe(Code.NO_COUNT);
    expect(await quotaUsage(t.ctx, other.user.id, 'later_tool')).toEqual({ used: 2, reserved: 0 });
  });

  it('number/all lists every key with max (-1 unlimited, null none) and what is left', async () => {
    const { token, user } = await t.loginAs();
    await chat('deepseek_v3', token);
    const all = await call<UsageItem[]>('/v1/number/all', token);
    expect(all.body.code).toBe(200);
    const byKey = new Map(all.body.data.map((i) => [i.key, i]));
    expect([...byKey.keys()]).toEqual(t.ctx.catalog.quotaKeys().map((q) => q.key));
    expect(byKey.get('chat')).toEqual({
      key: 'chat',
      name: '普通对话',
      max: 20,
      balance: 19,
      number_unit: MSG.usageUnit,
      number_time: MSG.usageDaily,
      number_merge: 0,
      children: [],
    });
    expect(byKey.get('later_vip_tool')).toMatchObject({ max: null, balance: null });
    await setVip(user.id, 1);
    const member = new Map((await call<UsageItem[]>('/v1/number/all', token)).body.data.map((i) => [i.key, i]));
    expect(member.get('chat')).toMatchObject({ max: -1, balance: -1 });
    expect(member.get('later_vip_tool')).toMatchObject({ max: 5, balance: 5 });
  });

  it('user/points answers the balance', async () => {
    const { token, user } = await t.loginAs();
    expect(await points(token)).toBe(0);
    await credit(user.id, 37);
    expect((await call<PointsRes>('/v1/user/points', token)).body).toEqual({ code: 200, msg: 'success', data: { points: 37 } });
  });

  it('free users may not use the five premium models; vip 52 may not use four of them', async () => {
    const free = await t.loginAs();
    for (const m of ['v40', 'baiduV40', 'baidu_speed_128k', 'qwen_max', 'zhipu_glm4']) {
      const c = await postChat(base, m, { prompt: '你好' }, free.token);
      expect(c.envelope, m).toEqual({ code: Code.TIER_DENIED, msg: MSG.tierDeniedFree, data: null });
    }
    const annual = await t.loginAs();
    await setVip(annual.user.id, 52);
    for (const m of ['baiduV40', 'baidu_speed_128k', 'qwen_max', 'zhipu_glm4']) {
      const c = await postChat(base, m, { prompt: '你好' }, annual.token);
      expect(c.envelope, m).toEqual({ code: Code.TIER_DENIED, msg: MSG.tierDeniedVip52, data: null });
    }
    const allowed = await chat('v40', annual.token);
    expect(namesOf(allowed).at(-1)).toBe('done');
    // A tier refusal holds nothing; the allowed reply took one count.
    expect(await quotaUsage(t.ctx, annual.user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    expect(await quotaUsage(t.ctx, free.user.id, 'chat_v40')).toEqual({ used: 0, reserved: 0 });
  });

  it('v35 is never metered', async () => {
    const { token, user } = await t.loginAs();
    for (let i = 0; i < 3; i++) expect(namesOf(await chat('v35', token)).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
  });

  it('only_points models cost points only: NO_POINTS when short, refunded when the reply fails', async () => {
    const { token, user } = await t.loginAs();
    const model = t.ctx.catalog.get('claude-4-opus')!;
    expect(model.only_points).toBe(true);
    const price = model.consume_points;
    const short = await postChat(base, 'claude-4-opus', { prompt: '你好' }, token);
    expect(short.envelope).toEqual({ code: Code.NO_POINTS, msg: MSG.pointsNotEnough(price), data: { need: price } });
    await credit(user.id, price * 2 + 3);
    expect(namesOf(await chat('claude-4-opus', token)).at(-1)).toBe('done');
    expect(await points(token)).toBe(price + 3);
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 0, reserved: 0 });
    const failed = await chat('claude-4-opus', token, { prompt: '出错 [demo:error=500]' });
    expect(namesOf(failed).at(-1)).toBe('error');
    expect(await points(token)).toBe(price + 3);
    const ledger = await rows<{ reason: string; delta: number }>(
      t.ctx.database.db,
      sql`SELECT reason, delta FROM points_ledger WHERE user_id = ${user.id}::bigint ORDER BY id`,
    );
    expect(ledger.map((r) => [r.reason, Number(r.delta)])).toEqual([
      ['test', price * 2 + 3],
      ['chat', -price],
      ['chat', -price],
      ['chat_refund', price],
    ]);
    await expectLedgerBalanced(user.id);
  });

  it('allow_points models use counts unless usePoints is on; then points, and NO_POINTS when short', async () => {
    const { token, user } = await t.loginAs();
    const price = t.ctx.catalog.get('chat4')!.consume_points;
    await credit(user.id, price);
    // Without usePoints: a count, no points.
    expect(namesOf(await chat('chat4', token)).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    expect(await points(token)).toBe(price);
    // With usePoints: points, no count.
    expect(namesOf(await chat('chat4', token, { usePoints: true })).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    expect(await points(token)).toBe(0);
    const short = await postChat(base, 'chat4', { prompt: '再来', usePoints: true }, token);
    expect(short.envelope).toMatchObject({ code: Code.NO_POINTS, msg: MSG.pointsNotEnough(price) });
    // usePoints on a model without allow_points changes nothing: counts as usual.
    expect(namesOf(await chat('deepseek_v3', token, { usePoints: true })).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    // Counts used up: usePoints still gets a reply when points suffice.
    await chat('chat4', token);
    expect((await postChat(base, 'chat4', { prompt: '你好' }, token)).envelope).toMatchObject({ code: Code.NO_COUNT });
    await credit(user.id, price);
    expect(namesOf(await chat('chat4', token, { usePoints: true })).at(-1)).toBe('done');
    await expectLedgerBalanced(user.id);
  });

  it('the reaper refunds points held by a crashed worker, once', async () => {
    const { user } = await t.loginAs();
    await credit(user.id, 50);
    const model = t.ctx.catalog.get('claude-4-opus')!;
    const r = await reserveChat(t.ctx, { id: user.id, vip: 0 }, model, {}, 'crash');
    await t.ctx.database.exec(`UPDATE quota_reservations SET created_at = now() - interval '1 hour' WHERE id = '${r.id}'`);
    expect(await reapStaleReservations(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await reapStaleReservations(t.ctx)).toBe(0);
    const [row] = await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${user.id}::bigint`);
    expect(Number(row!.points)).toBe(50);
    await expectLedgerBalanced(user.id);
  });
});
