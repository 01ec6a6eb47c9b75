import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { createArxivSource, parseArxivFeed } from './arxiv';
import { abstractOf, createOpenAlexSource, openAlexFilter, parseOpenAlexAnswer } from './openalex';
import { clip } from './text';
import { inRange, yearRange } from './year';

// The OpenAlex and arXiv adapters against the recorded answers (server/test/fixtures/scholar).
describe('scholar sources on recorded answers', () => {
  let fakes: FakeSourcesServer;
  beforeAll(async () => {
    fakes = await startFakeSources();
  });
  afterAll(async () => {
    await fakes?.close();
  });
  const openalex = () => createOpenAlexSource({ baseUrl: `${fakes.baseUrl}/openalex`, timeoutMs: 3000 });
  const arxiv = () => createArxivSource({ baseUrl: `${fakes.baseUrl}/arxiv`, timeoutMs: 3000 });

  it('maps OpenAlex works to academic results, abstract rebuilt from the inverted index', async () => {
    const page = await openalex().search({ keyword: 'transformer', page: 1, years: null });
    expect(page.items).toHaveLength(10);
    expect(page.hasMore).toBe(true);
    const first = page.items[0]!;
    expect(first).toMatchObject({
      title: 'Attention Is All You Need',
      year: '2017',
      publisher: 'Neural Information Processing Systems',
      link: 'https://arxiv.org/pdf/1706.03762',
      resource: 'https://arxiv.org/pdf/1706.03762',
    });
    expect(first.author).toBe('Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones');
    expect(first.content).toMatch(/^The dominant sequence transduction models are based on complex recurrent/);
    expect(first.content.length).toBeLessThanOrEqual(201);
    expect(first.tags).toContain('Transformer');
    // No open-access PDF: the landing page (DOI) is the link.
    expect(page.items.find((i) => i.title.startsWith('Deep Residual'))?.link).toBe('https://doi.org/10.1109/cvpr.2016.90');
  });

  it('pages until the index has no more', async () => {
    const p2 = await openalex().search({ keyword: 'transformer', page: 2, years: null });
    expect(p2.items).toHaveLength(3);
    expect(p2.hasMore).toBe(false);
    const p3 = await openalex().search({ keyword: 'transformer', page: 3, years: null });
    expect(p3).toEqual({ items: [], hasMore: false });
  });

  it('sends the year filter to OpenAlex and keeps only those years', async () => {
    const page = await openalex().search({ keyword: 'transformer', page: 1, years: { from: 2025, to: 2025 } });
    expect(page.items.map((i) => i.year)).toEqual(['2025', '2025']);
    const recent = await openalex().search({ keyword: 'transformer', page: 1, years: { from: 2022, to: 2026 } });
    expect(recent.items.every((i) => Number(i.year) >= 2022)).toBe(true);
    expect(recent.items.length).toBeGreaterThan(2);
  });

  it('answers an empty page when OpenAlex fails, is unreachable or answers garbage', async () => {
    expect(await openalex().search({ keyword: 'fail please', page: 1, years: null })).toEqual({ items: [], hasMore: false });
    const down = createOpenAlexSource({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    expect(await down.search({ keyword: 'x', page: 1, years: null })).toEqual({ items: [], hasMore: false });
    expect(parseOpenAlexAnswer('<html>', 1)).toEqual({ items: [], hasMore: false });
    expect(parseOpenAlexAnswer('{"results":"no"}', 1)).toEqual({ items: [], hasMore: false });
  });

  it('parses arXiv Atom entries for a search', async () => {
    const page = await arxiv().search({ keyword: 'language', page: 1, years: null });
    expect(page.items.length).toBeGreaterThan(0);
    const item = page.items.find((i) => i.id === '2511.18001v1')!;
    expect(item).toEqual({
      id: '2511.18001v1',
      title: 'Agentic Retrieval for Multi-Hop Question Answering with Small Language Models',
      authors: ['Li Wei', 'Maria Garcia', 'Tom Becker'],
      categories: ['cs.CL', 'cs.AI'],
      summary: expect.stringMatching(/^We study agentic retrieval/),
      pdf: 'https://arxiv.org/pdf/2511.18001v1',
      abs: 'https://arxiv.org/abs/2511.18001v1',
      published: '2025-11-21',
    });
  });

  it('lists the digest by category and day, newest first, with paging', async () => {
    const ai = await arxiv().list({ category: 'cs.AI', page: 1 });
    expect(ai.items.length).toBeGreaterThan(0);
    expect(ai.items.every((i) => i.categories.includes('cs.AI'))).toBe(true);
    const day = await arxiv().list({ category: 'cs.CV', date: '2025-11-20', page: 1 });
    expect(day.items.map((i) => i.id)).toEqual(['2511.17001v1', '2511.17004v1']); // cs.GR paper cross-listed in cs.CV
    const all = await arxiv().list({ category: '', page: 1 });
    expect(all.items).toHaveLength(10);
    expect(all.hasMore).toBe(true);
    const more = await arxiv().list({ category: '', page: 2 });
    expect(more.hasMore).toBe(false);
    expect(more.items.length).toBeGreaterThan(0);
  });

  it('answers an empty page when arXiv fails', async () => {
    expect(await arxiv().search({ keyword: 'fail', page: 1, years: null })).toEqual({ items: [], hasMore: false });
    expect(parseArxivFeed('not xml at all')).toEqual({ items: [], hasMore: false });
  });
});

describe('scholar helpers', () => {
  it('rebuilds abstracts in word order', () => {
    expect(abstractOf({ world: [1], hello: [0, 2] })).toBe('hello world hello');
    expect(abstractOf(null)).toBe('');
  });

  it('reads the year filter: a year, recent5, anything else ignored', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(yearRange('2025', now)).toEqual({ from: 2025, to: 2025 });
    expect(yearRange('recent5', now)).toEqual({ from: 2022, to: 2026 });
    expect(yearRange('abcd', now)).toBeNull();
    expect(yearRange(undefined, now)).toBeNull();
    expect(inRange('2019', { from: 2022, to: 2026 })).toBe(false);
    expect(inRange('n.d.', { from: 2022, to: 2026 })).toBe(true);
    expect(openAlexFilter({ from: 2025, to: 2025 })).toBe('publication_year:2025');
  });

  it('clips at 200 characters without splitting a character', () => {
    expect(clip('字'.repeat(250))).toBe(`${'字'.repeat(200)}…`);
    expect(clip('short')).toBe('short');
  });
});
