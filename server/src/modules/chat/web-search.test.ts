import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Code, MSG, WEB_SEARCH_LIMITS, type Envelope, type RecordDataRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import {
  buildWebSearch,
  createDemoSearchAdapter,
  createSearxngAdapter,
  loadInternetSources,
  type WebSearchAdapter,
  type WebSearchQuery,
} from '../../infra/web-search';
import { startFakeSearxng, type FakeSearxng } from '../../infra/web-search/testing/fake-searxng';
import { quotaUsage } from '../quota/service';
import { dataOf, namesOf, postChat, textOf } from './testing/sse-client';
import { SEARCH_CONTEXT_HEADER, searchQuery, withSearchContext } from './web-search';

/**
 * Web search on the chat stream (docs/product/search.md §4), through a listening server, the real gateway and
 * the demo upstream: `meta`, `search`, `search_read`, the answer citing the sources, `done`.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '1', CHAT_HEARTBEAT_MS: '1000' };

/** Switchable backend that records each query (the tests swap what answers). */
function recordingAdapter() {
  const queries: WebSearchQuery[] = [];
  let inner: WebSearchAdapter = createDemoSearchAdapter({ maxResults: 6, delayMs: 0 });
  const adapter: WebSearchAdapter = {
    kind: 'demo',
    search(q) {
      queries.push(q);
      return inner.search(q);
    },
  };
  return { adapter, queries, use: (a: WebSearchAdapter) => (inner = a) };
}

describe.each(testDbKinds())('web search in chat on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let fake: FakeSearxng;
  const rec = recordingAdapter();
  const webSearch = buildWebSearch(rec.adapter, loadInternetSources());

  beforeAll(async () => {
    fake = await startFakeSearxng();
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm, webSearch } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('with a source picked: meta, search, search_read, then the answer citing [1], [2], then done', async () => {
    const { token } = await t.loginAs();
    rec.queries.length = 0;
    const call = await postChat(base, 'deepseek_v3', { prompt: '  今天有哪些科技新闻？  ', internet: 'news' }, token);
    await call.finished;
    const names = namesOf(call);
    expect(names.slice(0, 3)).toEqual(['meta', 'search', 'search_read']);
    expect(names.at(-1)).toBe('done');
    expect(new Set(names.slice(3, -1))).toEqual(new Set(['text']));
    expect(dataOf(call, 'search')).toEqual({ query: '今天有哪些科技新闻？' });
    const sources = dataOf(call, 'search_read')!.sources;
    expect(sources).toHaveLength(3);
    expect(sources[0]).toEqual({
      title: '【演示】今天有哪些科技新闻？：概述与要点',
      href: expect.stringMatching(/^https:\/\/example\.com\//),
    });
    // The source's SearXNG narrowing reaches the backend.
    expect(rec.queries[0]).toMatchObject({ query: '今天有哪些科技新闻？', scope: { categories: 'news' } });
    // The demo upstream saw the numbered context and cites it.
    const answer = textOf(call);
    expect(answer).toContain(`「${sources[0]!.title}」提供了与问题相关的信息 [1]`);
    expect(answer).toContain('[3]');
    // History keeps the search with the reply, so a reopened record shows its sources again.
    const conversationId = dataOf(call, 'meta')!.conversationId;
    const saved = (
      await t.app.inject({ method: 'POST', url: '/api/v1/chat/record/data', headers: { token }, payload: { id: conversationId } })
    ).json<Envelope<RecordDataRes>>();
    const [question, reply] = saved.data!.messages;
    expect(question).not.toHaveProperty('search');
    expect(reply).toMatchObject({ role: 'assistant', search: { query: '今天有哪些科技新闻？', sources } });
  });

  it('a model that does not search sends no search events and never calls the backend', async () => {
    const { token } = await t.loginAs();
    rec.queries.length = 0;
    const call = await postChat(base, 'deepseek_v3', { prompt: '普通问题' }, token);
    await call.finished;
    const names = namesOf(call);
    expect(names).not.toContain('search');
    expect(names).not.toContain('search_read');
    expect(names[0]).toBe('meta');
    expect(names[1]).toBe('text');
    expect(textOf(call)).not.toContain('[1]');
    expect(rec.queries).toHaveLength(0);
  });

  it('the networked model always searches, and is counted under chat_networking', async () => {
    const { token, user } = await t.loginAs();
    expect(t.ctx.catalog.get('net')!.quotaKey).toBe('chat_networking');
    const call = await postChat(base, 'net', { prompt: '最新的AI进展' }, token);
    await call.finished;
    expect(namesOf(call).slice(0, 3)).toEqual(['meta', 'search', 'search_read']);
    expect(namesOf(call).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, user.id, 'chat_networking')).toEqual({ used: 1, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
  });

  it('refuses attachments with search (附件暂不支持联网搜索) before holding a count', async () => {
    const { token, user } = await t.loginAs();
    for (const [model, body] of [
      ['deepseek_v3', { prompt: '总结这个文件', internet: 'all', files: ['f-1'] }],
      ['net', { prompt: '总结这个文件', files: ['f-1'] }],
    ] as const) {
      const call = await postChat(base, model, body, token);
      expect(call.status).toBe(200);
      expect(call.envelope).toMatchObject({ code: Code.FAILED, msg: MSG.searchWithAttachments });
    }
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'chat_networking')).toEqual({ used: 0, reserved: 0 });
  });

  it('refuses a disabled or unknown source with a Chinese message, and a malformed one with 400', async () => {
    const { token } = await t.loginAs();
    for (const internet of ['scholar', 'nope']) {
      const call = await postChat(base, 'deepseek_v3', { prompt: '问题', internet }, token);
      expect(call.envelope).toMatchObject({ code: Code.FAILED, msg: MSG.searchSourceUnavailable });
    }
    const bad = await postChat(base, 'deepseek_v3', { prompt: '问题', internet: 'x'.repeat(100) }, token);
    expect(bad.status).toBe(400);
    expect(bad.envelope?.code).toBe(Code.BAD_REQUEST);
  });

  it('a failing source gives an empty list and the answer goes on (SearXNG adapter, instance answering 403)', async () => {
    const { token } = await t.loginAs();
    fake.mode = 'error';
    rec.use(createSearxngAdapter({ baseUrl: fake.baseUrl, timeoutMs: 1_000, maxResults: 5 }, pino({ level: 'silent' })));
    try {
      const call = await postChat(base, 'deepseek_v3', { prompt: '搜索失败时怎么办', internet: 'bing' }, token);
      await call.finished;
      expect(namesOf(call).slice(0, 3)).toEqual(['meta', 'search', 'search_read']);
      expect(dataOf(call, 'search_read')).toEqual({ sources: [] });
      expect(namesOf(call).at(-1)).toBe('done');
      expect(textOf(call)).not.toContain('提供了与问题相关的信息');
      expect(fake.queries.at(-1)!.get('engines')).toBe('bing');
    } finally {
      rec.use(createDemoSearchAdapter({ maxResults: 6, delayMs: 0 }));
    }
  });

  it('the SearXNG adapter feeds real results through to the answer', async () => {
    const { token } = await t.loginAs();
    fake.mode = 'replay';
    rec.use(createSearxngAdapter({ baseUrl: fake.baseUrl, timeoutMs: 1_000, maxResults: 3 }, pino({ level: 'silent' })));
    try {
      const call = await postChat(base, 'deepseek_v3', { prompt: 'SearXNG 是什么', internet: 'all' }, token);
      await call.finished;
      const sources = dataOf(call, 'search_read')!.sources;
      expect(sources.map((s) => s.title)).toEqual([
        '搜索引擎 - 维基百科，自由的百科全书',
        'Search API — SearXNG Documentation',
        'www.example.org',
      ]);
      expect(textOf(call)).toContain('「Search API — SearXNG Documentation」提供了与问题相关的信息 [2]');
    } finally {
      rec.use(createDemoSearchAdapter({ maxResults: 6, delayMs: 0 }));
    }
  });

  it('with no search backend the answer goes on without search and says so', async () => {
    const { token } = await t.loginAs();
    webSearch.adapter = null;
    try {
      const call = await postChat(base, 'deepseek_v3', { prompt: '没有搜索服务时', internet: 'all' }, token);
      await call.finished;
      const names = namesOf(call);
      expect(names).not.toContain('search');
      expect(names.at(-1)).toBe('done');
      expect(textOf(call).startsWith(`> ${MSG.searchNotConfigured}\n\n`)).toBe(true);
    } finally {
      webSearch.adapter = rec.adapter;
    }
  });

  it('a stop during the search ends it and is charged nothing', async () => {
    const { token, user } = await t.loginAs();
    rec.use(createDemoSearchAdapter({ maxResults: 3, delayMs: 5_000 }));
    try {
      const call = await postChat(base, 'net', { prompt: '慢搜索' }, token);
      await call.waitFor('search');
      const t0 = performance.now();
      // The stop button (a chat answer outlives its reader: leaving the page does not stop it).
      await t.app.inject({ method: 'POST', url: '/api/v1/chat/stop', headers: { token }, payload: { messageId: dataOf(call, 'meta')!.messageId } });
      await call.finished;
      // The search's signal fires and the hold is released well before the search would end.
      await expect.poll(() => rec.queries.at(-1)?.signal?.aborted, { timeout: 2_000 }).toBe(true);
      await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat_networking'), { timeout: 3_000 }).toEqual({ used: 0, reserved: 0 });
      expect(performance.now() - t0).toBeLessThan(4_000);
    } finally {
      rec.use(createDemoSearchAdapter({ maxResults: 6, delayMs: 0 }));
    }
  });

  it('searches with the question cut to a sane length', async () => {
    const { token } = await t.loginAs();
    const long = '长'.repeat(300);
    const call = await postChat(base, 'deepseek_v3', { prompt: long, internet: 'all' }, token);
    await call.finished;
    expect(dataOf(call, 'search')!.query).toBe('长'.repeat(WEB_SEARCH_LIMITS.queryMaxChars));
  });
});

describe('search context for the model', () => {
  const results = [
    { title: '甲', href: 'https://a.example/1', snippet: '甲的摘要' },
    { title: '乙', href: 'https://b.example/2', snippet: '' },
  ];

  it('numbers the sources in one system message, joined to the model system prompt', () => {
    const plain = withSearchContext([{ role: 'user', content: '问' }], '问', results);
    expect(plain).toHaveLength(2);
    expect(plain[0]!.role).toBe('system');
    expect(plain[0]!.content.startsWith(SEARCH_CONTEXT_HEADER)).toBe(true);
    expect(plain[0]!.content).toContain('[1] 甲\n链接：https://a.example/1\n摘要：甲的摘要');
    expect(plain[0]!.content).toContain('[2] 乙\n链接：https://b.example/2\n');
    const withSystem = withSearchContext(
      [
        { role: 'system', content: '你是图表助手' },
        { role: 'user', content: '问' },
      ],
      '问',
      results,
    );
    expect(withSystem).toHaveLength(2);
    expect(withSystem[0]!.content.startsWith('你是图表助手\n\n' + SEARCH_CONTEXT_HEADER)).toBe(true);
  });

  it('makes one line of the question', () => {
    expect(searchQuery('  第一行\n\n第二行  ')).toBe('第一行 第二行');
  });
});
