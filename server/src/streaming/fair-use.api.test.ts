import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Code, MSG, type Envelope, type PptTemplate } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis';
import { testConfig } from '../config';
import { loadCatalog } from '../catalog';
import { createLlmGateway } from '../llm/gateway';
import { createRedisStore } from '../infra/kv';
import { quotaUsage } from '../modules/quota/service';
import { namesOf, postChat, stopAnswer, type ChatCall } from '../../test/sse-client';

/**
 * Fair use (QUALITY G19): one user holds at most STREAMS_PER_USER live answers (a battle round
 * counts once) and TASKS_PER_USER running tasks, counted across processes through Redis; beyond
 * that a Chinese 429 envelope, while other users go on unslowed.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '5' };

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('fair use of live answers and tasks', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp('pglite', { env: { ...ENV, STREAM_STARTS_PER_MINUTE: '100' }, overrides: { catalog, llm } });
    base = await listening(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('40 parallel streams of one user: the cap (3) is admitted, the rest get 429 in Chinese, while a second user streams', async () => {
    const { token, user } = await t.loginAs();
    const calls = await Promise.all(Array.from({ length: 40 }, (_, i) => postChat(base, 'deepseek_v3', { prompt: `第${i}问 [demo:never-end]` }, token)));
    const streaming = calls.filter((c) => c.contentType.startsWith('text/event-stream'));
    const refused = calls.filter((c) => c.status === 429);
    expect(streaming).toHaveLength(3);
    expect(refused).toHaveLength(37);
    for (const r of refused) expect(r.envelope).toEqual({ code: Code.RATE_LIMITED, msg: MSG.streamsTooMany(3), data: null });
    // Nothing is held for the refused ones.
    expect((await quotaUsage(t.ctx, user.id, 'chat')).reserved).toBe(3);

    const other = await t.loginAs();
    const started = performance.now();
    const theirs = await postChat(base, 'deepseek_v3', { prompt: '我也要问 [demo:tokens=3]' }, other.token);
    await theirs.finished;
    expect(namesOf(theirs).at(-1)).toBe('done');
    expect(performance.now() - started).toBeLessThan(2_000);

    // A place frees as soon as one answer ends (the stop button: leaving would not end it).
    await stopAnswer(base, streaming[0]!, token);
    await expect.poll(async () => (await postChat(base, 'deepseek_v3', { prompt: '再问 [demo:tokens=2]' }, token)).status, { timeout: 3_000 }).toBe(200);
    await Promise.all(streaming.slice(1).map((c) => stopAnswer(base, c, token)));
  });

  it('the columns of one battle round share one place (up to four), a second round takes another', async () => {
    const { token } = await t.loginAs();
    const round = (id: string, model: string) => postChat(base, model, { prompt: '比一比 [demo:never-end]', type: 'battle', messageId: id, messages: [] }, token);
    const first = await Promise.all(['deepseek_v3', 'qwen', 'glm_4_air', 'moonshot_v1_8k'].map((m) => round('round-1', m)));
    expect(first.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const second = await Promise.all(['deepseek_v3', 'qwen'].map((m) => round('round-2', m)));
    const third = await Promise.all(['deepseek_v3', 'qwen'].map((m) => round('round-3', m)));
    expect([...second, ...third].map((c) => c.status)).toEqual([200, 200, 200, 200]);
    // A fourth place for this user does not exist.
    expect((await postChat(base, 'deepseek_v3', { prompt: '单独问' }, token)).status).toBe(429);
    await Promise.all([...first, ...second, ...third].map((c) => stopAnswer(base, c, token)));
  });

  it('a user starting answers too fast is slowed with 429 in Chinese', async () => {
    const fast = await createTestApp('pglite', { env: { ...ENV, STREAM_STARTS_PER_MINUTE: '3' } });
    try {
      const fastBase = await listening(fast);
      const { token } = await fast.loginAs();
      for (let i = 0; i < 3; i++) await (await postChat(fastBase, 'deepseek_v3', { prompt: `快问${i} [demo:tokens=1]` }, token)).finished;
      const slowed = await postChat(fastBase, 'deepseek_v3', { prompt: '再问' }, token);
      expect(slowed.status).toBe(429);
      expect(slowed.envelope).toMatchObject({ code: Code.RATE_LIMITED, msg: MSG.streamStartsTooFrequent });
    } finally {
      await fast.close();
    }
  });

  it('a user at the running-task cap cannot start another slide build; nothing is charged', async () => {
    // Slide builds are task-engine tasks: the cap counts the user's queued and running tasks (no
    // worker runs in this app, so the first three stay queued, each holding one doc_ppt count).
    // A member (doc_ppt 20 a day): a free user's 2 counts would run out before the cap.
    const phone = `139${String(Date.now()).slice(-8)}`;
    const { user } = await t.loginAs(phone);
    await t.ctx.database.db.execute(sql`UPDATE users SET vip = 1 WHERE id = ${user.id}::bigint`);
    const { token } = await t.loginAs(phone);
    const template = (await t.app.inject({ method: 'GET', url: '/api/v1/ppt/templete', headers: { token } })).json<Envelope<PptTemplate[]>>().data[0]!;
    const build = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/ppt/createNewPPT', headers: { token }, payload: { id: template.id, content: '# 标题\n## 第一章\n- 要点' } });
    const taskIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = (await build()).json<Envelope<{ task_id: string }>>();
      expect(ok).toMatchObject({ code: 200 });
      taskIds.push(ok.data.task_id);
    }
    const res = await build();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: Code.RATE_LIMITED, msg: MSG.tasksTooMany(3) });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 3 });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/tasks/${taskIds[0]}/cancel`, headers: { token } });
    expect(cancel.json()).toMatchObject({ code: 200 });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 2 });
    expect((await build()).json()).toMatchObject({ code: 200 });
  });
});

const haveRedis = await redisAnswers();
if (!haveRedis) console.log(`[fair-use] Redis at ${TEST_REDIS_URL} is not reachable: the cross-process cap test is skipped`);

describe.skipIf(!haveRedis)('fair use across two processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;

  beforeAll(async () => {
    const prefix = testRedisPrefix();
    // Two server instances: each its own database and process state, one shared store.
    a = await createTestApp('pglite', { env: ENV, overrides: { kv: await createRedisStore(TEST_REDIS_URL, prefix) } });
    b = await createTestApp('pglite', { env: ENV, overrides: { kv: await createRedisStore(TEST_REDIS_URL, prefix) } });
    baseA = await listening(a);
    baseB = await listening(b);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a user with two answers on one process and one on the other is refused a fourth on either', async () => {
    // One account per process (separate databases), the same user id: the shared slots key on it.
    const onA = await a.loginAs('13900000001');
    const onB = await b.loginAs('13900000001');
    expect(onA.user.id).toBe(onB.user.id);
    const open: ChatCall[] = [];
    open.push(await postChat(baseA, 'deepseek_v3', { prompt: '一 [demo:never-end]' }, onA.token));
    open.push(await postChat(baseA, 'deepseek_v3', { prompt: '二 [demo:never-end]' }, onA.token));
    open.push(await postChat(baseB, 'deepseek_v3', { prompt: '三 [demo:never-end]' }, onB.token));
    expect(open.map((c) => c.status)).toEqual([200, 200, 200]);
    expect((await postChat(baseA, 'deepseek_v3', { prompt: '四' }, onA.token)).status).toBe(429);
    expect((await postChat(baseB, 'deepseek_v3', { prompt: '四' }, onB.token)).status).toBe(429);
    await Promise.all([stopAnswer(baseA, open[0]!, onA.token), stopAnswer(baseA, open[1]!, onA.token), stopAnswer(baseB, open[2]!, onB.token)]);
    await expect.poll(async () => (await postChat(baseB, 'deepseek_v3', { prompt: '五 [demo:tokens=1]' }, onB.token)).status, { timeout: 3_000 }).toBe(200);
  });
});
