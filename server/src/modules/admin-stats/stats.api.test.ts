import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ADMIN_CONSOLE_MSG, MSG, TOOLS, type AdminStats, type Envelope } from '@wanxiang/contract';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';

/**
 * GET /api/admin/stats over a seeded database: visitors 401, users 403, bad `days` 400 in Chinese; for an admin, every
 * per-day number, the window's totals and means, and the rankings match the rows written, with a row just outside
 * the window left out. Rows of past days are written straight to the tables at "now minus k days" (Asia/Shanghai has
 * no daylight saving, so that is exactly k business days back).
 */
const DAY_MS = 86_400_000;

describe.each(testDbKinds())('admin stats on %s', (kind) => {
  const adminPhone = newPhone();
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  let u1: number;
  let u2: number;
  let u3: number;
  const models = { m1: '', m2: '', vendor1: '' };
  const toolX = TOOLS[0]!;
  const toolY = TOOLS[1]!;

  const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  const exec = (q: ReturnType<typeof sql>) => t.ctx.database.db.execute(q);

  const question = (userId: number, daysAgo: number, model: string) =>
    exec(sql`INSERT INTO messages (user_id, conversation_id, id, role, content, model, state, created_at)
      VALUES (${userId}, 'c1', ${randomUUID()}, 'user', '你好', ${model}, 'ok', ${ago(daysAgo)}::timestamptz)`);
  const reply = (userId: number, daysAgo: number, model: string, state: 'ok' | 'error') =>
    exec(sql`INSERT INTO messages (user_id, conversation_id, id, role, content, model, state, created_at)
      VALUES (${userId}, 'c1', ${randomUUID()}, 'assistant', '回答', ${model}, ${state}, ${ago(daysAgo)}::timestamptz)`);
  const task = (userId: number, daysAgo: number, toolId: string, state: 'succeeded' | 'failed') =>
    exec(sql`INSERT INTO tasks (id, user_id, tool_id, state, deadline, created_at, updated_at, finished_at)
      VALUES (${randomUUID().slice(0, 32)}, ${userId}, ${toolId}, ${state}, now() + interval '1 hour',
        ${ago(daysAgo)}::timestamptz, ${ago(daysAgo)}::timestamptz, ${ago(daysAgo)}::timestamptz)`);
  const toolRun = (userId: number, daysAgo: number, toolId: string, model: string) =>
    exec(sql`INSERT INTO tool_runs (id, user_id, tool_id, inputs, model, content, created_at)
      VALUES (${randomUUID()}, ${userId}, ${toolId}, '{}'::jsonb, ${model}, '结果', ${ago(daysAgo)}::timestamptz)`);
  const order = (userId: number, daysAgo: number, cents: number, status: 'paid' | 'pending') =>
    exec(sql`INSERT INTO shop_orders (order_no, user_id, shop_id, amount_cents, provider, status, created_at, paid_at)
      VALUES (${`T${randomUUID().replace(/-/g, '').slice(0, 30)}`}, ${userId}, 1, ${cents}, 'mock', ${status},
        ${ago(daysAgo)}::timestamptz, ${status === 'paid' ? ago(daysAgo) : null}::timestamptz)`);

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_PHONES: adminPhone } });
    const [m1, m2] = t.ctx.catalog.models().filter((m) => m.vendor);
    models.m1 = m1!.key;
    models.m2 = m2!.key;
    models.vendor1 = m1!.vendor;

    adminToken = (await t.loginAs(adminPhone)).token;
    const first = await t.loginAs();
    userToken = first.token;
    u1 = Number(first.user.id);
    u2 = Number((await t.loginAs()).user.id);
    u3 = Number((await t.loginAs()).user.id);
    // u3's account was made 3 days ago (its session is today's).
    await exec(sql`UPDATE users SET created_at = ${ago(3)}::timestamptz WHERE id = ${u3}`);

    // today
    await question(u1, 0, models.m1);
    await reply(u1, 0, models.m1, 'ok');
    await question(u1, 0, models.m1);
    await reply(u1, 0, models.m1, 'ok');
    await task(u1, 0, toolX.id, 'succeeded');
    await order(u1, 0, 1990, 'paid');
    await order(u2, 0, 500, 'pending');
    // 1 day ago: a good and a failed reply of u2, a prompt-tool run of u3
    await question(u2, 1, models.m2);
    await reply(u2, 1, models.m2, 'ok');
    await question(u2, 1, models.m1);
    await reply(u2, 1, models.m1, 'error');
    await toolRun(u3, 1, toolY.id, models.m1);
    // 2 days ago: a failed task and a payment of u2; 5 days ago another payment of u2
    await task(u2, 2, toolX.id, 'failed');
    await order(u2, 2, 9900, 'paid');
    await order(u2, 5, 1000, 'paid');
    // 8 days ago: outside a 7-day window
    await question(u3, 8, models.m2);
    await reply(u3, 8, models.m2, 'ok');
    await reply(u3, 8, models.m2, 'error');
    await order(u3, 8, 7000, 'paid');
    await task(u3, 8, toolY.id, 'failed');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {}, remoteAddress: randomIp() });
    return { status: res.statusCode, body: res.json<Envelope<AdminStats>>() };
  };

  it('answers visitors 401 and users 403 with the envelope', async () => {
    const visitor = await get('/api/admin/stats');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(401);
    const user = await get('/api/admin/stats', userToken);
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ code: 403, msg: MSG.adminForbidden });
  });

  it('refuses a bad day count with a Chinese sentence', async () => {
    for (const days of ['0', '91', 'abc', '1.5']) {
      const r = await get(`/api/admin/stats?days=${days}`, adminToken);
      expect(r.status, days).toBe(400);
      expect(r.body.msg).toBe(ADMIN_CONSOLE_MSG.statsDaysInvalid);
    }
  });

  it('counts each day, the window and the rankings from the rows written', async () => {
    const r = await get('/api/admin/stats?days=7', adminToken);
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s.timeZone).toBe('Asia/Shanghai');
    expect(s.days).toBe(7);
    expect(s.series).toHaveLength(8);
    expect(s.series.at(-1)!.day).toBe(s.today);
    expect(s.usersTotal).toBe(4);

    const at = (daysAgo: number) => s.series[7 - daysAgo]!;
    // Today: three accounts made (the admin, u1, u2), four sessions made, u1's two questions, its task and payment.
    expect(at(0)).toMatchObject({
      newUsers: 3,
      activeUsers: 4,
      chats: 2,
      toolRuns: 1,
      vendorErrors: 0,
      paidOrders: 1,
      payingUsers: 1,
      revenueCents: 1990,
    });
    expect(at(1)).toMatchObject({ newUsers: 0, activeUsers: 2, chats: 2, toolRuns: 1, vendorErrors: 1, paidOrders: 0 });
    expect(at(2)).toMatchObject({ activeUsers: 1, toolRuns: 1, vendorErrors: 1, paidOrders: 1, payingUsers: 1, revenueCents: 9900 });
    expect(at(3)).toMatchObject({ newUsers: 1, activeUsers: 0 });
    expect(at(5)).toMatchObject({ paidOrders: 1, revenueCents: 1000, activeUsers: 0 });
    expect(at(7)).toMatchObject({ chats: 0, revenueCents: 0 });

    // The 7 days before today: u2 paid twice (one payer), u2 and u3 were active; day 8 is left out.
    expect(s.window.total).toEqual({
      newUsers: 1,
      activeUsers: 2,
      payingUsers: 1,
      revenueCents: 10900,
      paidOrders: 2,
      chats: 2,
      toolRuns: 2,
      vendorErrors: 2,
    });
    expect(s.window.average.revenueCents).toBe(1557.14);
    expect(s.window.average.chats).toBe(0.29);

    expect(s.topModels.map((m) => [m.key, m.count])).toEqual([
      [models.m1, 2],
      [models.m2, 1],
    ]);
    expect(s.topModels[0]!.name).toBe(t.ctx.catalog.get(models.m1)!.label);
    expect(s.topTools).toEqual([
      { key: toolX.id, name: toolX.title, count: 2 },
      { key: toolY.id, name: toolY.title, count: 1 },
    ]);
    expect(s.errors.byModel).toEqual([{ key: models.m1, name: t.ctx.catalog.get(models.m1)!.label, vendor: models.vendor1, count: 1 }]);
    expect(s.errors.byVendor).toEqual([{ key: models.vendor1, name: models.vendor1, count: 1 }]);
    expect(s.errors.byTool).toEqual([{ key: toolX.id, name: toolX.title, count: 1 }]);
  });

  it('widens the window with days: the 8-day-old rows count in a 30-day view', async () => {
    const s = (await get('/api/admin/stats', adminToken)).body.data;
    expect(s.days).toBe(30);
    expect(s.series).toHaveLength(31);
    expect(s.window.total).toMatchObject({ revenueCents: 17900, paidOrders: 3, payingUsers: 2, vendorErrors: 4, chats: 3 });
    // equal counts: ordered by key
    expect(s.errors.byTool).toEqual(
      [
        { key: toolX.id, name: toolX.title, count: 1 },
        { key: toolY.id, name: toolY.title, count: 1 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
