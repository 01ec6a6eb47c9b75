import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { AgentRecordDetail, AgentPaged, AgentRecordItem, Envelope, RecordDataRes, ServiceModelView } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { testDbKinds } from '../../test/db';
import { testConfig } from '../config';
import { loadCatalog } from '../catalog';
import { createLlmGateway } from '../llm/gateway';
import type { DemoUpstream } from '../llm/demo-upstream/server';
import { applyPoints } from '../modules/points/ledger';
import { rows } from '../db/sql';
import { quotaUsage } from '../modules/quota/service';
import { dataOf, namesOf, postStream, type ChatCall } from '../../test/sse-client';

/**
 * The one pay rule (QUALITY G8) on every metered stream, through real sockets and the demo
 * upstream: an answer that delivered text is paid once whether it ended or its reader left; one
 * that delivered nothing is not; a lone surrogate in the question never makes a delivered answer
 * free (the save used to fail on jsonb and give the count back).
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '2', SSRF_ALLOW: '127.0.0.1', PROVIDER_KEY_SECRET: 'test-secret-0123456789abcdef' };
/** A system agent on glm_4_air without tools (智能体首页): a chat count per turn. */
const PLAIN_AGENT = '65f1a0000000000000000001';
const CUSTOM_PRICE = 3;
const CUSTOM_CREDIT = 100;

/** A document host on loopback: /doc.txt?text=... answers that text, for the scholar readings. */
async function startDocHost(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const text = new URL(req.url ?? '/', 'http://x').searchParams.get('text') ?? '';
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Asker {
  token: string;
  userId: number;
  /** The custom model of this user (only for the custom-provider kind). */
  customModel?: string;
}

interface StreamKind {
  name: string;
  path: string;
  body(prompt: string, a: Asker): unknown;
  /** What this user has paid so far: counts used, or points spent. */
  paid(a: Asker): Promise<number>;
  /** Counts or points still held (not settled, not released). */
  held(a: Asker): Promise<number>;
  setUp?(a: Asker): Promise<void>;
  /** The answer outlives its reader (chat answers): only the stop button (POST /api/v1/chat/stop) stops it. */
  resumable?: true;
}

describe.each(testDbKinds())('the pay rule on every metered stream (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let demo: DemoUpstream;
  let docs: { server: Server; base: string };

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    demo = llm.demoUpstream!;
    docs = await startDocHost();
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => docs?.server.close(() => resolve()));
  });

  const count = (key: string) => ({
    paid: async (a: Asker) => (await quotaUsage(t.ctx, a.userId, key)).used,
    held: async (a: Asker) => (await quotaUsage(t.ctx, a.userId, key)).reserved,
  });
  const pointsOf = async (userId: number) =>
    Number((await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${userId}::bigint`))[0]!.points);
  const heldPoints = async (userId: number) =>
    Number(
      (await rows<{ n: number }>(t.ctx.database.db, sql`SELECT coalesce(sum(points), 0)::int AS n FROM quota_reservations WHERE user_id = ${userId}::bigint AND status = 'held'`))[0]!.n,
    );
  const inject = async <T>(url: string, token: string, payload: unknown) =>
    (await t.app.inject({ method: 'POST', url, headers: { token }, payload: payload as object })).json<Envelope<T>>();

  // A lone surrogate is left as it is (encodeURIComponent would throw): the server gets it in the JSON body.
  const docUrl = (text: string) => `${docs.base}/doc.txt?text=${text.replace(/[^\ud800-\udfff]+/g, encodeURIComponent)}`;

  const KINDS: StreamKind[] = [
    { name: 'chat', path: '/api/v1/chat2/deepseek_v3', body: (prompt) => ({ prompt }), resumable: true, ...count('chat') },
    {
      name: 'battle column',
      path: '/api/v1/chat2/deepseek_v3',
      body: (prompt) => ({ prompt, type: 'battle', messageId: randomUUID(), messages: [] }),
      resumable: true,
      ...count('chat'),
    },
    {
      name: 'agent',
      path: '/api/v1/agent/chat',
      body: (prompt) => ({ messages: [{ role: 'user', content: prompt }], assistant_id: PLAIN_AGENT }),
      ...count('chat'),
    },
    {
      name: 'custom provider (points price)',
      path: '/api/v1/chat2/completionsModel',
      body: (prompt, a) => ({ model_id: a.customModel, prompt }),
      resumable: true,
      // The user's own provider here is the demo upstream (an OpenAI-compatible server on loopback).
      async setUp(a) {
        await inject('/api/v1/user/models/add.company', a.token, { company: 'Demo', api_url: demo.baseUrl, api_key: 'sk-demo-key', status: 1 });
        const m = await inject<ServiceModelView>('/api/v1/user/models/add.model', a.token, {
          company: 'Demo',
          model_id: 'deepseek-chat',
          namespace: '演示模型',
          functions: ['llm'],
          status: 1,
          only_points: true,
          consume_points: CUSTOM_PRICE,
        });
        a.customModel = `custom-${m.data.id}`;
        await applyPoints(t.ctx.database.db, { userId: a.userId, delta: CUSTOM_CREDIT, reason: 'test' });
      },
      paid: async (a) => (CUSTOM_CREDIT - (await pointsOf(a.userId)) - (await heldPoints(a.userId))) / CUSTOM_PRICE,
      held: async (a) => (await heldPoints(a.userId)) / CUSTOM_PRICE,
    },
    { name: 'mind map', path: '/api/v1/mindmap/generate', body: (content) => ({ content }), ...count('doc_mindmap') },
    { name: 'prompt tool', path: '/api/v1/tools/aiDream/run', body: (text) => ({ inputs: { text } }), ...count('tool_generate') },
    {
      name: 'scholar interpretation',
      path: '/api/v1/search/scholar/interpret',
      body: (text) => ({ url: docUrl(text) }),
      ...count('resource_learning_interpret'),
    },
    {
      name: 'scholar translation',
      path: '/api/v1/search/scholar/translate',
      body: (text) => ({ url: docUrl(text) }),
      ...count('learning_translate'),
    },
  ];

  /** The user stops the answer: the stop button of a resumable one, else leaving it. */
  const stop = async (k: StreamKind, call: ChatCall, a: Asker) => {
    if (!k.resumable) return void call.abort();
    await inject('/api/v1/chat/stop', a.token, { messageId: dataOf(call, 'meta')!.messageId });
  };

  const asker = async (k: StreamKind): Promise<Asker> => {
    const { token, user } = await t.loginAs();
    const a: Asker = { token, userId: user.id };
    await k.setUp?.(a);
    return a;
  };

  describe.each(KINDS.map((k) => [k.name, k] as const))('%s', (_name, k) => {
    it('an answer that ended is paid once', async () => {
      const a = await asker(k);
      const call = await postStream(base, k.path, k.body('请简短回答。 [demo:tokens=3]', a), a.token);
      await call.finished;
      expect(namesOf(call).at(-1)).toBe('done');
      expect(await k.paid(a)).toBe(1);
      expect(await k.held(a)).toBe(0);
    });

    it('stopped after half of the text: paid once', async () => {
      const a = await asker(k);
      const call = await postStream(base, k.path, k.body('请慢慢回答。 [demo:tokens=20][demo:delay=40]', a), a.token);
      await call.waitForCount('text', 5);
      expect(await k.held(a)).toBe(1);
      await stop(k, call, a);
      await expect.poll(() => k.held(a), { timeout: 5_000 }).toBe(0);
      expect(await k.paid(a)).toBe(1);
    });

    it('stopped before the first text: nothing paid', async () => {
      const a = await asker(k);
      const call = await postStream(base, k.path, k.body('请想一想。 [demo:slow-first-byte=3000]', a), a.token);
      await call.waitFor('meta');
      expect(await k.held(a)).toBe(1);
      await stop(k, call, a);
      await expect.poll(() => k.held(a), { timeout: 5_000 }).toBe(0);
      expect(await k.paid(a)).toBe(0);
    });

    if (k.resumable)
      it('its reader leaving mid-answer does not stop it: it ends and is paid once', async () => {
        const a = await asker(k);
        const call = await postStream(base, k.path, k.body('请慢慢回答。 [demo:tokens=12][demo:delay=30]', a), a.token);
        await call.waitForCount('text', 2);
        call.abort();
        await expect.poll(() => k.held(a), { timeout: 5_000 }).toBe(0);
        expect(await k.paid(a)).toBe(1);
      });

    it('an upstream that fails before any text: an error event, nothing paid', async () => {
      const a = await asker(k);
      const call = await postStream(base, k.path, k.body('请回答。 [demo:error=500]', a), a.token);
      await call.finished;
      expect(namesOf(call)).toEqual(['meta', 'error']);
      expect(await k.paid(a)).toBe(0);
      expect(await k.held(a)).toBe(0);
    });

    it('a lone surrogate in the question: the answer streams, is paid once and nothing fails', async () => {
      const a = await asker(k);
      const call = await postStream(base, k.path, k.body('半个表情\ud800在这里 [demo:tokens=3]', a), a.token);
      await call.finished;
      expect(namesOf(call).at(-1)).toBe('done');
      expect(await k.paid(a)).toBe(1);
      expect(await k.held(a)).toBe(0);
    });
  });

  it('a lone surrogate in a question with web search: saved as U+FFFD with its sources, paid once', async () => {
    const { token, user } = await t.loginAs();
    const call = await postStream(base, '/api/v1/chat2/deepseek_v3', { prompt: '今天的新闻\ud800 [demo:tokens=3]', internet: 'news', conversationId: 'c-lone' }, token);
    await call.finished;
    expect(namesOf(call)).toContain('search_read');
    expect(namesOf(call).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    const rec = await inject<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'c-lone' });
    expect(rec.data.messages[0]!.content).toContain('新闻\uFFFD');
    expect(rec.data.messages[1]!.search?.query).toContain('新闻\uFFFD');
    expect(dataOf(call, 'done')!.messageId).toBe(rec.data.messages[1]!.id);
  });

  it('a lone surrogate in an agent turn: the record is saved and the count charged', async () => {
    const { token, user } = await t.loginAs();
    const call = await postStream(base, '/api/v1/agent/chat', { messages: [{ role: 'user', content: '你好\udc00 [demo:tokens=2]' }], assistant_id: PLAIN_AGENT, conversation_id: 'a-lone' }, token);
    await call.finished;
    expect(namesOf(call).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v2/chat/agent/records_lists', headers: { token } })).json<Envelope<AgentPaged<AgentRecordItem>>>();
    const detail = await inject<AgentRecordDetail>('/api/v2/chat/agent/records_details', token, { id: list.data.list[0]!.id });
    expect(detail.data.messages[0]!.content).toContain('你好\uFFFD');
  });
});

describe('a long answer keeps its hold from the reaper', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // The reaper gives back holds older than a second: every answer below outlives that.
    const env = { DEMO_TOKEN_DELAY_MS: '2', QUOTA_RESERVATION_TTL_MS: '1000' };
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(env), catalog, pino({ level: 'silent' }));
    t = await createTestApp('pglite', { env, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('an answer streaming for three reaper periods is still paid once at its end', async () => {
    const { token, user } = await t.loginAs();
    const call = await postStream(base, '/api/v1/chat2/deepseek_v3', { prompt: '写一篇长文 [demo:tokens=60][demo:delay=50]' }, token);
    await call.finished;
    expect(namesOf(call).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
  });

  it('a hold nobody keeps (a crashed process) is still given back', async () => {
    const { user } = await t.loginAs();
    const { reserveQuota } = await import('../modules/quota/service');
    await reserveQuota(t.ctx, { id: user.id, vip: 0 }, { quotaKey: 'chat', blockedVips: [] }, 'crashed');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 1 });
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat'), { timeout: 5_000 }).toEqual({ used: 0, reserved: 0 });
  });
});
