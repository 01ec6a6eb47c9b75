import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { testConfig } from '../../config';
import {
  createDemoSearchAdapter,
  createSearxngAdapter,
  createWebSearch,
  InternetCatalogError,
  loadInternetSources,
  parseSearxngAnswer,
} from './index';
import { RECORDED_ANSWER, startFakeSearxng, type FakeSearxng } from './testing/fake-searxng';

const log = pino({ level: 'silent' });

describe('SearXNG adapter against a local fake replaying a recorded answer', () => {
  let fake: FakeSearxng;
  beforeAll(async () => {
    fake = await startFakeSearxng();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const adapter = (over: { timeoutMs?: number; maxResults?: number } = {}) =>
    createSearxngAdapter({ baseUrl: `${fake.baseUrl}/`, timeoutMs: over.timeoutMs ?? 2_000, maxResults: over.maxResults ?? 10 }, log);

  it('asks GET /search?q=&format=json with the source engines and categories', async () => {
    fake.mode = 'replay';
    fake.queries.length = 0;
    await adapter().search({ query: '万象 AI 联网搜索', scope: { engines: 'bing,baidu', categories: 'news' } });
    await adapter().search({ query: 'plain' });
    const [scoped, plain] = fake.queries;
    expect(scoped!.get('q')).toBe('万象 AI 联网搜索');
    expect(scoped!.get('format')).toBe('json');
    expect(scoped!.get('engines')).toBe('bing,baidu');
    expect(scoped!.get('categories')).toBe('news');
    expect(plain!.has('engines')).toBe(false);
    expect(plain!.has('categories')).toBe(false);
  });

  it('reads the recorded answer: de-duplicated, http(s) only, plain text, host as a missing title', async () => {
    fake.mode = 'replay';
    const results = await adapter().search({ query: 'q' });
    expect(results.map((r) => r.href)).toEqual([
      'https://zh.wikipedia.org/wiki/%E6%90%9C%E7%B4%A2%E5%BC%95%E6%93%8E',
      'https://docs.searxng.org/dev/search_api.html',
      'https://www.example.org/news/2026/ai-search',
      'https://baike.baidu.com/item/%E8%81%94%E7%BD%91%E6%90%9C%E7%B4%A2',
    ]);
    expect(results[0]).toEqual({
      title: '搜索引擎 - 维基百科，自由的百科全书',
      href: 'https://zh.wikipedia.org/wiki/%E6%90%9C%E7%B4%A2%E5%BC%95%E6%93%8E',
      snippet: '搜索引擎是一种信息检索系统，旨在协助搜索存储在计算机系统中的信息。',
    });
    expect(results[1]!.title).toBe('Search API — SearXNG Documentation');
    expect(results[2]).toMatchObject({ title: 'www.example.org', snippet: '没有标题的结果， 标题用域名代替。' });
  });

  it('caps the number of results', async () => {
    fake.mode = 'replay';
    expect(await adapter({ maxResults: 2 }).search({ query: 'q' })).toHaveLength(2);
  });

  it('answers [] at its timeout when the instance does not answer', async () => {
    fake.mode = 'slow';
    const t0 = performance.now();
    expect(await adapter({ timeoutMs: 150 }).search({ query: 'q' })).toEqual([]);
    const took = performance.now() - t0;
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(1_500);
  });

  it('answers [] at once when the caller aborts (client gone)', async () => {
    fake.mode = 'slow';
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    const t0 = performance.now();
    expect(await adapter({ timeoutMs: 5_000 }).search({ query: 'q', signal: abort.signal })).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it.each(['bad-json', 'error', 'wrong-shape', 'huge'] as const)('answers [] for a %s answer', async (mode) => {
    fake.mode = mode;
    expect(await adapter().search({ query: 'q' })).toEqual([]);
  });

  it('answers [] when nothing listens there', async () => {
    const dead = createSearxngAdapter({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000, maxResults: 5 }, log);
    expect(await dead.search({ query: 'q' })).toEqual([]);
  });

  it('parses the recorded answer the same way offline', () => {
    expect(parseSearxngAnswer(RECORDED_ANSWER, 10)).toHaveLength(4);
    expect(parseSearxngAnswer('not json', 10)).toEqual([]);
    expect(parseSearxngAnswer('null', 10)).toEqual([]);
  });
});

describe('demo search adapter', () => {
  it('gives the same clearly labelled results for the same question', async () => {
    const demo = createDemoSearchAdapter({ maxResults: 5, delayMs: 0 });
    const a = await demo.search({ query: '今天有什么科技新闻', scope: { categories: 'news' } });
    const b = await demo.search({ query: '今天有什么科技新闻', scope: { categories: 'news' } });
    expect(a).toEqual(b);
    expect(a).toHaveLength(3);
    for (const r of a) {
      expect(r.title).toMatch(/^【演示】今天有什么科技新闻/);
      expect(r.snippet).toContain('演示搜索结果');
      expect(new URL(r.href).hostname).toBe('example.com');
    }
    expect(await createDemoSearchAdapter({ maxResults: 2, delayMs: 0 }).search({ query: 'x' })).toHaveLength(2);
  });

  it('stops waiting when the caller aborts', async () => {
    const abort = new AbortController();
    abort.abort();
    expect(await createDemoSearchAdapter({ maxResults: 5, delayMs: 10_000 }).search({ query: 'x', signal: abort.signal })).toEqual([]);
  });
});

describe('search sources catalog (internet.json)', () => {
  it('loads the shipped file', () => {
    const sources = loadInternetSources();
    expect(sources.length).toBeGreaterThan(2);
    expect(sources[0]).toMatchObject({ key: 'all', label: '综合搜索', enabled: true });
    expect(sources.find((s) => s.key === 'news')).toMatchObject({ categories: 'news' });
    expect(sources.some((s) => !s.enabled)).toBe(true);
  });

  it('uses the shipped file when a catalog copy has none, and refuses a bad entry naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'internet-'));
    expect(loadInternetSources(dir)[0]!.key).toBe('all');
    const entry = { key: 'a', label: '甲', icon: 'global', description: '说明', enabled: true };
    writeFileSync(join(dir, 'internet.json'), JSON.stringify({ sources: [entry, { ...entry, label: '' }] }));
    expect(() => loadInternetSources(dir)).toThrow(/sources\.1\.label/);
    writeFileSync(join(dir, 'internet.json'), JSON.stringify({ sources: [entry, entry] }));
    expect(() => loadInternetSources(dir)).toThrow(InternetCatalogError);
    writeFileSync(join(dir, 'internet.json'), JSON.stringify({ sources: [{ ...entry, engine: 'bing' }] }));
    expect(() => loadInternetSources(dir)).toThrow(/engine/);
    writeFileSync(join(dir, 'internet.json'), JSON.stringify({ sources: [{ ...entry, key: 'custom', engines: 'bing' }] }));
    expect(loadInternetSources(dir)).toEqual([{ ...entry, key: 'custom', engines: 'bing' }]);
  });
});

describe('choosing the backend', () => {
  it('SearXNG when a URL is set, demo in demo mode, none otherwise; the web list hides SearXNG details', () => {
    const withUrl = createWebSearch(testConfig({ SEARXNG_URL: 'http://127.0.0.1:8888' }), { demo: true }, log);
    expect(withUrl.adapter?.kind).toBe('searxng');
    expect(withUrl.describe()).toMatchObject({ available: true, demo: false });
    const demo = createWebSearch(testConfig(), { demo: true }, log);
    expect(demo.adapter?.kind).toBe('demo');
    expect(demo.describe()).toMatchObject({ available: true, demo: true });
    const none = createWebSearch(testConfig(), { demo: false }, log);
    expect(none.adapter).toBeNull();
    expect(none.describe().available).toBe(false);
    const off = createWebSearch(testConfig({ WEB_SEARCH_PROVIDER: 'none' }), { demo: true }, log);
    expect(off.adapter).toBeNull();
    expect(JSON.stringify(demo.describe())).not.toMatch(/engines|categories/);
    expect(demo.source('news')).toMatchObject({ categories: 'news' });
  });

  it('refuses WEB_SEARCH_PROVIDER=searxng without SEARXNG_URL at boot', () => {
    expect(() => testConfig({ WEB_SEARCH_PROVIDER: 'searxng' })).toThrow(/SEARXNG_URL/);
  });
});
