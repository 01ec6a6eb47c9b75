import { afterEach, describe, expect, it } from 'vitest';
import { createPageExtractor, ExtractError, type PageExtractor } from './extractor';

const PAGE =
  '<html><head><title>标题</title></head><body><article><h1>标题</h1><p>第一段正文。</p><p>第二段正文。</p></article></body></html>';

describe('page extractor (worker threads)', () => {
  let pool: PageExtractor | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('extracts title and text off the main thread', async () => {
    pool = createPageExtractor({ workers: 1 });
    const page = await pool.extract(PAGE, 'http://example.com/a');
    expect(page.title).toBe('标题');
    expect(page.text).toContain('第一段正文。\n第二段正文。');
  });

  it('times out a page past its deadline, then serves the next one with a fresh worker', async () => {
    pool = createPageExtractor({ workers: 1, timeoutMs: 1 });
    const err = await pool.extract(PAGE, 'http://example.com/a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect((err as ExtractError).reason).toBe('timeout');
    await pool.close();
    pool = createPageExtractor({ workers: 1, timeoutMs: 20_000 });
    await expect(pool.extract(PAGE, 'http://example.com/b')).resolves.toMatchObject({ title: '标题' });
  });

  it('refuses work beyond the queue as busy', async () => {
    pool = createPageExtractor({ workers: 1, maxQueue: 1, timeoutMs: 20_000 });
    const first = pool.extract(PAGE, 'http://example.com/1'); // running
    const second = pool.extract(PAGE, 'http://example.com/2'); // queued
    const third = pool.extract(PAGE, 'http://example.com/3').catch((e: unknown) => e);
    expect(((await third) as ExtractError).reason).toBe('busy');
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('fails pending pages when closed', async () => {
    pool = createPageExtractor({ workers: 1, timeoutMs: 20_000 });
    const pending = pool.extract(PAGE, 'http://example.com/1').catch((e: unknown) => e);
    await pool.close();
    expect(((await pending) as ExtractError).reason).toBe('failed');
  });
});
