import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, type AdminCatalogDocument, type AdminVendorListRes, type Envelope, type RecordDataRes, type TaskInfo, type UserInfo, type WxQrcode } from '@wanxiang/contract';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './db';
import { claimRedisDb, type ClaimedRedisDb } from './redis-db';
import { redisAnswers, TEST_REDIS_URL } from './redis';
import { startServerProcess, type ServerProcess } from './server-process';
import { dataOf, namesOf, postChat, reattachStream, textOf } from './sse-client';

/**
 * Several processes (issue 16 item 4, docs/multi-process.md): two real server processes on one
 * PostgreSQL database and one Redis database, as a deployment behind a reverse proxy runs them,
 * talked to over HTTP only. What one process does, the other sees: a session, a stop of a streaming
 * answer, a WeChat QR scan, a payment, a task, an admin's catalog or vendor save. `a` runs no task workers (TASK_WORKERS=off, a web-only process); `b` does.
 * Runs when PostgreSQL (TEST_DATABASE_URL) and Redis answer; says why it is skipped otherwise.
 */
const pgTemplate = inject('pgTemplateUrl');
const haveRedis = await redisAnswers();
const skipWhy = !pgTemplate
  ? 'PostgreSQL (TEST_DATABASE_URL) is not set or not reachable'
  : !haveRedis
    ? `Redis at ${TEST_REDIS_URL} is not reachable`
    : '';
if (skipWhy) console.log(`[multi-process] ${skipWhy}: the two-process test is skipped`);

interface Reply<T> {
  status: number;
  body: Envelope<T>;
}

/** One JSON call over HTTP (a `form` body goes url-encoded, as a browser's form post). */
async function call<T>(
  p: ServerProcess,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(`${p.base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = { code: res.status, msg: text, data: null as T };
  }
  return { status: res.status, body: parsed };
}

/** The operator of this file (ADMIN_PHONES): the admin role at login. */
const ADMIN_PHONE = '13699990016';

let phoneSeq = Math.floor(Math.random() * 90_000_000);
const newPhone = () => `137${String(++phoneSeq % 100_000_000).padStart(8, '0')}`;

describe.skipIf(!!skipWhy)('two server processes on one PostgreSQL and one Redis', () => {
  let database: Database;
  let redisDb: ClaimedRedisDb | null = null;
  let dataDir = '';
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redisDb = await claimRedisDb(TEST_REDIS_URL);
    if (!redisDb) throw new Error(`no free Redis database (1-15) at ${TEST_REDIS_URL}`);
    // One file store for both, as the deployment needs (uploads on one process, results written by the other's worker).
    dataDir = mkdtempSync(join(tmpdir(), 'wx-multi-process-'));
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: redisDb.url,
      DATA_DIR: dataDir,
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      SMS_FIXED_CODE: '123456',
      // Every account of this file is made from 127.0.0.1.
      REGISTER_PER_IP_PER_DAY: '1000',
      DEMO_UPSTREAM: '1',
      DEMO_TOKEN_DELAY_MS: '5',
      WECHAT_LOGIN: 'dev',
      PAY_PROVIDER: 'mock',
      MCP_SERVERS_JSON: '[]',
      SHUTDOWN_GRACE_MS: '1000',
      ADMIN_PHONES: ADMIN_PHONE,
      // Catalog and vendor saves must travel over Redis: the database poll is off here.
      CATALOG_POLL_MS: '0',
    };
    // Both at once; one that started is kept for afterAll to stop even when the other failed.
    const started = await Promise.allSettled([
      startServerProcess('a', { ...env, TASK_WORKERS: 'off' }),
      startServerProcess('b', { ...env, TASK_WORKERS: 'inline' }),
    ]);
    [a, b] = started.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await redisDb?.release();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  afterEach(({ task }) => {
    // What the processes said goes with a failure (their logs are warnings and errors only).
    if (task.result?.state === 'fail')
      for (const [name, p] of [
        ['a', a],
        ['b', b],
      ] as const)
        console.log(`[multi-process] output of ${name}:\n${p?.output() ?? ''}`);
  });

  const login = async (p: ServerProcess, phone = newPhone()) => {
    const res = await call<UserInfo>(p, 'POST', '/api/v1/user/phoneLogin', { json: { phone, code: '123456' } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('a session made on one process is used on the other; a logout on the other ends it on the first at once', async () => {
    const user = await login(a!);
    // Both processes have checked (and cached) the session.
    const onA = await call<UserInfo>(a!, 'GET', '/api/v1/user/info', { token: user.token });
    const onB = await call<UserInfo>(b!, 'GET', '/api/v1/user/info', { token: user.token });
    expect(onA.body.data.id).toBe(user.id);
    expect(onB.body).toMatchObject({ code: 200, data: { id: user.id, phone: user.phone } });

    expect((await call(b!, 'POST', '/api/v1/user/logout', { token: user.token })).body.code).toBe(200);
    // a had the session cached; b's logout reaches it through Redis, not at the cache's TTL.
    await expect
      .poll(async () => (await call(a!, 'GET', '/api/v1/user/info', { token: user.token })).status, { timeout: 2_000, interval: 50 })
      .toBe(401);
  });

  it('an answer streaming on one process is stopped from the other, and paid by the one pay rule', async () => {
    const user = await login(a!);
    const used = async () =>
      (await call<{ used: number }>(b!, 'POST', '/api/v1/number/check', { token: user.token, json: { type: 'chat' } })).body.data.used;

    // Text delivered, then the user's stop lands on b: a ends the answer, one count is charged, the reply is kept.
    const talking = await postChat(a!.base, 'deepseek_v3', { prompt: '一直说 [demo:never-end]', conversationId: 'mp-stop' }, user.token);
    await talking.waitForCount('text', 3);
    const { messageId } = dataOf(talking, 'meta')!;
    expect((await call(b!, 'POST', '/api/v1/chat/stop', { token: user.token, json: { messageId } })).body).toMatchObject({
      code: 200,
      msg: MSG.stopSuccess,
    });
    await talking.finished;
    expect(namesOf(talking).filter((n) => n !== 'text')).toEqual(['meta', 'done']);
    expect(dataOf(talking, 'done')).toMatchObject({ messageId, stopped: true });
    await expect.poll(used, { timeout: 5_000, interval: 50 }).toBe(1);
    const record = await call<RecordDataRes>(b!, 'POST', '/api/v1/chat/record/data', { token: user.token, json: { id: 'mp-stop' } });
    const reply = record.body.data.messages.find((m) => m.id === messageId)!;
    expect([reply.state, reply.content]).toEqual(['ok', textOf(talking)]);

    // Stopped from b before any text: nothing is charged.
    const waiting = await postChat(a!.base, 'deepseek_v3', { prompt: '慢慢想 [demo:slow-first-byte=20000]' }, user.token);
    const meta = await waiting.waitFor('meta');
    expect(
      (
        await call(b!, 'POST', '/api/v1/chat/stop', {
          token: user.token,
          json: { messageId: (meta.event.data as { messageId: string }).messageId },
        })
      ).body.code,
    ).toBe(200);
    await waiting.finished;
    expect(namesOf(waiting)).toEqual(['meta', 'error']);
    // The hold is given back (used counts held ones too): still the one paid answer.
    await expect.poll(used, { timeout: 5_000, interval: 50 }).toBe(1);
  });

  it('an answer streaming on one process, its reader cut, is re-attached on the other with Last-Event-ID: exactly the rest', async () => {
    const user = await login(a!);
    const talking = await postChat(a!.base, 'deepseek_v3', { prompt: '数到八十 [demo:tokens=80][demo:delay=20]', conversationId: 'mp-resume' }, user.token);
    await talking.waitForCount('text', 20);
    talking.abort();
    const seen = talking.events.slice(0, 21);
    const { messageId } = dataOf(talking, 'meta')!;
    expect(seen.at(-1)!.id).toBe('21');

    // b follows a's answer through Redis: the 60 other texts, live, then done, ids running on.
    const resumed = await reattachStream(b!.base, messageId, user.token, 21);
    await resumed.finished;
    expect(namesOf(resumed)).toEqual([...Array<string>(60).fill('text'), 'done']);
    expect(resumed.events.map((e) => Number(e.id))).toEqual(Array.from({ length: 61 }, (_, i) => 22 + i));
    const whole = seen.flatMap((e) => (e.event.event === 'text' ? [e.event.data.text] : [])).join('') + textOf(resumed);
    const record = await call<RecordDataRes>(b!, 'POST', '/api/v1/chat/record/data', { token: user.token, json: { id: 'mp-resume' } });
    expect(record.body.data.messages.find((m) => m.id === messageId)?.content).toBe(whole);
    // Another user finds nothing on either process.
    const other = await login(b!);
    expect((await reattachStream(b!.base, messageId, other.token, 0)).status).toBe(404);
  });

  it("a WeChat QR made on one process and confirmed on the other completes the first one's polling, and logs in", async () => {
    const qr = (await call<WxQrcode>(a!, 'GET', '/api/v1/user/getWxQrcode')).body.data;
    expect(qr.qrcode_id).toBeTruthy();
    const poll = async () =>
      (await call<{ status: number }>(a!, 'GET', `/api/v1/user/queryWxQrcode?qrcode_id=${encodeURIComponent(qr.qrcode_id)}`)).body.data
        .status;
    expect(await poll()).toBe(0);

    // The dev confirm page stands in for the phone's scan; it lands on the other process.
    const confirmed = await call(b!, 'POST', '/api/v1/user/wxDevConfirm', {
      json: { qrcode_id: qr.qrcode_id, openid: `dev-mp-${Date.now()}` },
    });
    expect(confirmed.body).toMatchObject({ code: 200, msg: MSG.wxDevConfirmed });
    expect(await poll()).toBe(1);

    const login = await call<UserInfo>(a!, 'POST', '/api/v1/user/loginWxQrcode', { json: { qrcode_id: qr.qrcode_id } });
    expect(login.body.code).toBe(200);
    expect((await call<UserInfo>(b!, 'GET', '/api/v1/user/info', { token: login.body.data.token })).body.data.id).toBe(login.body.data.id);
    // Used once: the QR is gone for both.
    expect(await poll()).toBe(2);
    expect((await call(b!, 'POST', '/api/v1/user/loginWxQrcode', { json: { qrcode_id: qr.qrcode_id } })).body.code).not.toBe(200);
  });

  it("a payment notify on one process shows on the other's order polling, and the membership with it", async () => {
    const user = await login(a!);
    const order = await call<{ query_order: string; url: string; provider: string }>(a!, 'POST', '/api/v1/vip/createShopsOrder', {
      token: user.token,
      json: { shop_id: 1 },
    });
    expect(order.body).toMatchObject({ code: 200, data: { provider: 'mock' } });
    const orderNo = order.body.data.query_order;
    const poll = () => call(a!, 'POST', '/api/v1/pay/query', { token: user.token, json: { query_order: orderNo } });
    expect((await poll()).body).toMatchObject({ code: 1000, msg: MSG.orderPending });

    // The mock's pay page (opened through the proxy on a) posts its signed notify; the proxy sends it to b.
    const page = await fetch(`${a!.base}/api/v1/pay/mock/page?query_order=${encodeURIComponent(orderNo)}`).then((r) => r.text());
    const fields = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(fields.query_order).toBe(orderNo);
    const notify = await fetch(`${b!.base}/api/v1/pay/notify/mock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect([notify.status, await notify.text()]).toEqual([200, 'success']);

    expect((await poll()).body).toMatchObject({ code: 200, msg: MSG.paySuccess });
    // The credit (membership level 1) reaches a's cached session of the buyer at once.
    expect((await call<UserInfo>(a!, 'GET', '/api/v1/user/info', { token: user.token })).body.data.vip).toBe(1);
  });

  it("a task submitted on one process (workers off) runs on the other's worker", async () => {
    const user = await login(a!);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = (await fetch(`${a!.base}/api/v1/files/upload`, { method: 'POST', headers: { token: user.token }, body: form }).then(
      (r) => r.json(),
    )) as Envelope<{ id: string }>;
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(200);

    // b is paused: a, which runs no worker, leaves the task queued.
    b!.child.kill('SIGSTOP');
    let taskId: string;
    let events: Promise<string>;
    try {
      const run = await call<{ task_id: string }>(a!, 'POST', '/api/v1/tools/aiImgEffect/run', {
        token: user.token,
        json: { inputs: { image: uploaded.data.id, effect: 'sketch' } },
      });
      expect(run.body.code, JSON.stringify(run.body)).toBe(200);
      taskId = run.body.data.task_id;
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await call<TaskInfo>(a!, 'GET', `/api/v1/tasks/${taskId}`, { token: user.token })).body.data.status).toBe('queued');
      // The task's live events, read from a while b runs it.
      const stream = await fetch(`${a!.base}/api/v1/tasks/${taskId}/events`, { headers: { token: user.token } });
      events = stream.text();
    } finally {
      b!.child.kill('SIGCONT');
    }

    // b wakes and claims it; a's polling and events stream see it end, the result stored where both read it.
    let info: TaskInfo | undefined;
    await expect
      .poll(async () => (info = (await call<TaskInfo>(a!, 'GET', `/api/v1/tasks/${taskId}`, { token: user.token })).body.data).status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('succeeded');
    const states = (await events)
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: task'))
      .map((frame) => (JSON.parse(frame.split('\n')[1]!.slice('data: '.length)) as TaskInfo).status);
    expect([states[0], states.at(-1)]).toEqual(['queued', 'succeeded']);
    const file = info!.result!.files[0]!;
    const bytes = await fetch(`${a!.base}${file.url}`, { headers: { token: user.token } });
    expect(bytes.status).toBe(200);
    expect((await sharp(Buffer.from(await bytes.arrayBuffer())).metadata()).width).toBe(64);
  });

  it("an admin's catalog save on one process changes the other's daily counts at once; a reset brings them back", async () => {
    const admin = await login(a!, ADMIN_PHONE);
    const user = await login(b!);
    const chatMax = async () => {
      const res = await call<{ key: string; max: number | null }[]>(b!, 'POST', '/api/v1/number/all', { token: user.token });
      return res.body.data.find((q) => q.key === 'chat')?.max;
    };
    const before = await chatMax();
    const tiers = (await call<AdminCatalogDocument>(a!, 'GET', '/api/admin/catalog/tiers', { token: admin.token })).body.data;
    const content = structuredClone(tiers.content) as { levels: { vip: number; daily: Record<string, number> }[] };
    const free = content.levels.find((l) => l.vip === 0)!;
    free.daily.chat = (before ?? 0) + 7;
    const saved = await call(a!, 'PUT', '/api/admin/catalog/tiers', { token: admin.token, json: { content, version: tiers.version } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    // b never polls the database here: the change reaches it through Redis.
    await expect.poll(chatMax, { timeout: 3_000, interval: 50 }).toBe((before ?? 0) + 7);

    expect((await call(b!, 'DELETE', '/api/admin/catalog/tiers', { token: admin.token })).body.code).toBe(200);
    await expect.poll(async () => {
      const res = await call<{ key: string; max: number | null }[]>(a!, 'POST', '/api/v1/number/all', { token: user.token });
      return res.body.data.find((q) => q.key === 'chat')?.max;
    }, { timeout: 3_000, interval: 50 }).toBe(before);
  });

  it("an admin's vendor save on one process shows on the other, key never answered", async () => {
    const admin = await login(a!, ADMIN_PHONE);
    const sourceOn = async (p: ServerProcess) => {
      const res = await call<AdminVendorListRes>(p, 'GET', '/api/admin/vendors', { token: admin.token });
      return res.body.data.list.find((v) => v.id === 'deepseek');
    };
    const saved = await call(a!, 'PUT', '/api/admin/vendors/deepseek', { token: admin.token, json: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-multi-process-0016' } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('sk-multi-process-0016');
    await expect.poll(async () => (await sourceOn(b!))?.source, { timeout: 3_000, interval: 50 }).toBe('database');
    expect(JSON.stringify(await sourceOn(b!))).not.toContain('sk-multi-process-0016');
    expect((await call(b!, 'DELETE', '/api/admin/vendors/deepseek', { token: admin.token })).body.code).toBe(200);
    await expect.poll(async () => (await sourceOn(a!))?.source, { timeout: 3_000, interval: 50 }).not.toBe('database');
  });
});
