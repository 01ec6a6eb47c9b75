import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope, type IntentResult } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { hotHits } from '../../../test/fake-sources/hot';

/** Hot lists read from replayed answers of the three sites, and intent detection through the demo upstream. */
describe.each(testDbKinds())('search routes on %s', (kind) => {
  let t: TestApp;
  let fakes: FakeSourcesServer;

  beforeAll(async () => {
    fakes = await startFakeSources();
    t = await createTestApp(kind, {
      env: {
        DEMO_TOKEN_DELAY_MS: '0',
        HOT_ZHIHU_BASE_URL: `${fakes.baseUrl}/hot-zhihu`,
        HOT_BAIDU_BASE_URL: `${fakes.baseUrl}/hot-baidu`,
        // Weibo is down: an error page answers every request.
        HOT_WEIBO_BASE_URL: `${fakes.baseUrl}/hot-broken`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const hot = async (source: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/hot?source=${source}` });
    return { status: res.statusCode, body: res.json<Envelope<string[] | null>>() };
  };
  const intent = async (token: string | undefined, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search/intent',
      headers: token ? { token } : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json<Envelope<IntentResult | null>>() };
  };

  it('maps the Zhihu hot list to its question titles', async () => {
    const { body } = await hot('zhihu');
    expect(body.code).toBe(Code.OK);
    expect(body.data).toHaveLength(25);
    expect(body.data?.[0]).toBe('如何看待2026年高考报名人数再创新高？');
  });

  it('flattens the Baidu board and leaves out the pinned entry', async () => {
    const { body } = await hot('baidu');
    expect(body.data?.[0]).toBe('全国多地迎来今冬首场降雪');
    expect(body.data).not.toContain('置顶新闻');
    expect(body.data).toHaveLength(25);
  });

  it('answers [] for a site that fails, and does not ask it again at every view', async () => {
    const before = hotHits['/hot-broken'] ?? 0;
    expect((await hot('weibo')).body).toMatchObject({ code: Code.OK, data: [] });
    expect((await hot('weibo')).body.data).toEqual([]);
    expect(hotHits['/hot-broken']).toBe(before + 1);
  });

  it('serves a list from the cache for ten minutes', async () => {
    const before = hotHits['/hot-zhihu'] ?? 0;
    await hot('zhihu');
    await hot('zhihu');
    expect(hotHits['/hot-zhihu'] ?? 0).toBe(before);
  });

  it('refuses an unknown source with a 4xx', async () => {
    const { status, body } = await hot('twitter');
    expect(status).toBeLessThan(500);
    expect(body.code).toBe(Code.BAD_REQUEST);
  });

  it('requires login for intent detection', async () => {
    const { body } = await intent(undefined, { query: '深度学习论文' });
    expect(body.code).not.toBe(Code.OK);
    expect(body.data ?? null).toBeNull();
  });

  it('picks the category the query asks for (demo upstream, default model glm-4-air)', async () => {
    const { token } = await t.loginAs();
    const cases: [string, string][] = [
      ['transformer 注意力机制论文', 'google'],
      ['arxiv 上最新的扩散模型', 'arxiv'],
      ['流浪地球2 网盘资源', 'webdisk'],
      ['年终总结 ppt 模板', 'file'],
      ['python 官网', 'website'],
      ['今天天气怎么样', 'google'],
    ];
    for (const [query, type] of cases) {
      const { body } = await intent(token, { query });
      expect(body.code).toBe(Code.OK);
      expect(body.data?.source_type, query).toBe(type);
      expect(typeof body.data?.reason).toBe('string');
    }
  });

  it('falls back to the default model for an unknown one, and refuses a blank query', async () => {
    const { token } = await t.loginAs();
    expect((await intent(token, { query: '某个网站', model: 'no-such-model' })).body.data?.source_type).toBe('website');
    const blank = await intent(token, { query: '   ' });
    expect(blank.status).toBeLessThan(500);
    expect(blank.body.code).toBe(Code.BAD_REQUEST);
  });
});
