import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { Code, MSG, type Envelope, type ShopOrderCreated } from '@wanxiang/contract';
import { createTestApp, randomIp, type TestApp } from './app';
import { testDbKinds } from './db';
import { taskEnded } from './task-poll';
import { readScrape, scrapeMetrics, type Scrape } from './prometheus';
import { saveFile } from '../src/modules/files/service';

/**
 * GET /metrics end to end (docs/operations.md "Metrics"): real things done through the app — a demo chat stream, a
 * vendor failure, quota refusals, a task run by the app's own worker, a mock payment — then the exposition read by a
 * Prometheus text-format parser, asserting each series by name and labels. Counts are compared before and after, so
 * the tests hold in any order.
 */
const TOKEN = 'scrape-me-0123456789abcdef';
const ENV = { METRICS_TOKEN: TOKEN, DEMO_TOKEN_DELAY_MS: '0', TASK_POLL_MAX_MS: '100' };

describe.each(testDbKinds())('metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: ENV, background: ['quota', 'tasks'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = () => scrapeMetrics(t.app, TOKEN);
  const chat = (token: string, model: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/chat2/${model}`, headers: { token }, payload, remoteAddress: randomIp() });
  /** How much each named series grew between two scrapes. */
  const grew = (before: Scrape, after: Scrape, name: string, labels: Record<string, string>) =>
    after.value(name, labels) - before.value(name, labels);
  const observed = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) =>
    after.histogram(name, labels).count - before.histogram(name, labels).count;

  it('answers 401 without the token or with a wrong one, in the envelope, and never the numbers', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }, { token: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: Code.UNAUTHORIZED, msg: MSG.metricsTokenInvalid, data: null });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('wanxiang_');
    }
  });

  it('serves the text format with the process metrics and every series family of the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const s = readScrape(res.body);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(s.family(name), name).toBeDefined();
    }
    const types = Object.fromEntries(s.families.filter((f) => f.name.startsWith('wanxiang_')).map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ wanxiang_http_requests_total: 'COUNTER', wanxiang_tasks: 'GAUGE' });
    expect([...s.histograms].filter((n) => n.startsWith('wanxiang_')).sort()).toEqual([
      'wanxiang_http_request_duration_seconds',
      'wanxiang_stream_first_byte_seconds',
      'wanxiang_task_duration_seconds',
      'wanxiang_task_queue_wait_seconds',
    ]);
    // Live task states are always there (0 too), so a dashboard's series never vanish.
    expect(s.sample('wanxiang_tasks', { state: 'queued' })?.value).toBeDefined();
    expect(s.sample('wanxiang_tasks', { state: 'running' })?.value).toBeDefined();
  });

  it('a demo chat stream: its request by route pattern and status, one start, one end, its first byte, none left open', async () => {
    const { token } = await t.loginAs();
    const before = await scrape();
    const res = await chat(token, 'deepseek_v3', { prompt: '你好 [demo:tokens=3]', conversationId: 'metrics-conv-1' });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toContain('event: done');
    const after = await scrape();

    const route = { method: 'POST', route: '/api/v1/chat2/:model', status: '200' };
    expect(grew(before, after, 'wanxiang_http_requests_total', route)).toBe(1);
    expect(observed(before, after, 'wanxiang_http_request_duration_seconds', { method: 'POST', route: route.route })).toBe(1);
    expect(grew(before, after, 'wanxiang_stream_starts_total', { kind: 'chat' })).toBe(1);
    expect(grew(before, after, 'wanxiang_stream_ends_total', { kind: 'chat', end: 'done' })).toBe(1);
    expect(after.value('wanxiang_streams_open', { kind: 'chat' })).toBe(0);
    expect(observed(before, after, 'wanxiang_stream_first_byte_seconds', { kind: 'chat' })).toBe(1);
    const ttfb = after.histogram('wanxiang_stream_first_byte_seconds', { kind: 'chat' });
    expect(ttfb.sum).toBeGreaterThan(0);
    // Cumulative buckets: the +Inf one holds every observation, and no bucket holds more than a wider one.
    expect(ttfb.buckets['+Inf']).toBe(ttfb.count);
    const bounds = Object.keys(ttfb.buckets)
      .filter((le) => le !== '+Inf')
      .map(Number)
      .sort((a, b) => a - b);
    expect(bounds.length).toBeGreaterThan(5);
    for (let i = 1; i < bounds.length; i++)
      expect(ttfb.buckets[String(bounds[i])]).toBeGreaterThanOrEqual(ttfb.buckets[String(bounds[i - 1])]!);

    // Labels are patterns, never the URL: no model key, conversation id or query string in any label value.
    const values = after.families.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(values.filter((v) => v.includes('deepseek_v3') || v.includes('metrics-conv-1') || v.includes('?'))).toEqual([]);
  });

  it('a vendor failure: counted by service, vendor and reason; the stream ends failed', async () => {
    const { token } = await t.loginAs();
    const before = await scrape();
    const res = await chat(token, 'deepseek_v3', { prompt: '出错吧 [demo:error=500]' });
    expect(res.body).toContain('event: error');
    const after = await scrape();
    expect(grew(before, after, 'wanxiang_upstream_errors_total', { service: 'llm', vendor: 'demo', reason: 'http' })).toBe(1);
    expect(grew(before, after, 'wanxiang_stream_ends_total', { kind: 'chat', end: 'failed' })).toBe(1);
  });

  it('quota refusals by key and reason: counts used up, points short, the numbers check', async () => {
    const { token } = await t.loginAs(); // vip 0: 2 premium replies a day on chat4 (quota key chat_v40)
    for (let i = 0; i < 2; i++) expect((await chat(token, 'chat4', { prompt: '短答 [demo:tokens=2]' })).body).toContain('event: done');
    const before = await scrape();
    const refused = await chat(token, 'chat4', { prompt: '还能问吗' });
    expect(refused.json()).toMatchObject({ code: Code.NO_COUNT });
    const noPoints = await chat(token, 'chat4', { prompt: '用积分', usePoints: true });
    expect(noPoints.json()).toMatchObject({ code: Code.NO_POINTS });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/number/check',
      headers: { token },
      payload: { type: 'chat_v40', number: 1 },
    });
    expect(check.json()).toMatchObject({ code: Code.NO_COUNT });
    const after = await scrape();
    expect(grew(before, after, 'wanxiang_quota_refusals_total', { key: 'chat_v40', reason: 'no_count' })).toBe(2);
    expect(grew(before, after, 'wanxiang_quota_refusals_total', { key: 'chat_v40', reason: 'no_points' })).toBe(1);
    // A refusal is no stream: nothing started.
    expect(grew(before, after, 'wanxiang_stream_starts_total', { kind: 'chat' })).toBe(0);
  });

  it('a task run by the app worker: its queue wait observed at claim, its end counted; the live gauge reads the table', async () => {
    const { token, user } = await t.loginAs();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'photo.png', contentType: 'image/png', body: png, purpose: 'upload' }))
      .id;
    const before = await scrape();
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tools/aiImgEffect/run',
      headers: { token },
      payload: { inputs: { image, effect: 'sketch' } },
    });
    const { task_id } = run.json<Envelope<{ task_id: string }>>().data;
    expect((await taskEnded(t, task_id, token)).status).toBe('succeeded');
    const after = await scrape();
    expect(observed(before, after, 'wanxiang_task_queue_wait_seconds')).toBe(1);
    expect(grew(before, after, 'wanxiang_tasks_finished_total', { state: 'succeeded' })).toBe(1);
    expect(grew(before, after, 'wanxiang_http_requests_total', { method: 'POST', route: '/api/v1/tools/:id/run', status: '200' })).toBe(1);
    expect(after.value('wanxiang_tasks', { state: 'running' })).toBe(0);

    // A task of a kind no worker here runs stays queued: the gauge is the table's, read at scrape time.
    await t.ctx.database.db.execute(
      sql`INSERT INTO tasks (id, user_id, tool_id, inputs, stage, max_attempts, deadline) VALUES ('tMetricsQueued0000001', ${user.id}::bigint, 'nobody-runs-this', '{}'::jsonb, 'queued', 1, now() + interval '1 hour')`,
    );
    try {
      expect((await scrape()).value('wanxiang_tasks', { state: 'queued' })).toBe(1);
    } finally {
      await t.ctx.database.db.execute(sql`DELETE FROM tasks WHERE id = 'tMetricsQueued0000001'`);
    }
    expect((await scrape()).value('wanxiang_tasks', { state: 'queued' })).toBe(0);
  });

  it('a mock payment: order created, paid once with its amount, each notify by outcome', async () => {
    const { token } = await t.loginAs();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vip/createShopsOrder',
      headers: { token },
      payload: { shop_id: 1, pay_id: 0, num: 1 },
    });
    const order = created.json<Envelope<ShopOrderCreated>>().data;
    expect(order.provider).toBe('mock');
    const before = await scrape();
    const notify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/pay/notify/mock',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(t.ctx.pay.mock!.signedNotify(order.query_order, order.shop_price)),
      });
    expect((await notify()).statusCode).toBe(200);
    expect((await notify()).statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/mock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...t.ctx.pay.mock!.signedNotify(order.query_order, order.shop_price), sign: 'ab'.repeat(32) }),
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(200);
    const after = await scrape();
    expect(after.value('wanxiang_orders_created_total', { provider: 'mock' })).toBeGreaterThanOrEqual(1);
    expect(grew(before, after, 'wanxiang_orders_paid_total', { provider: 'mock' })).toBe(1);
    expect(grew(before, after, 'wanxiang_orders_paid_cents_total', { provider: 'mock' })).toBe(order.shop_price);
    expect(grew(before, after, 'wanxiang_payment_notifications_total', { provider: 'mock', outcome: 'credited' })).toBe(1);
    expect(grew(before, after, 'wanxiang_payment_notifications_total', { provider: 'mock', outcome: 'duplicate' })).toBe(1);
    expect(grew(before, after, 'wanxiang_payment_notifications_total', { provider: 'mock', outcome: 'bad_signature' })).toBe(1);
  });
});

describe('metrics switched off (METRICS_TOKEN unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 at /metrics with or without a token, and keeps no registry', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: Code.NOT_FOUND, msg: MSG.notFound, data: null });
    }
    expect(t.ctx.metrics.enabled).toBe(false);
    expect(await t.ctx.metrics.scrape()).toBe('');
  });
});
