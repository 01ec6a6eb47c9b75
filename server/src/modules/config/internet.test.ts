import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, InternetSourcesRes } from '@wanxiang/contract';
import { Code } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';

// GET /api/v1/config/model/internet: the search sources of catalog/internet.json (docs/product/search.md §4).
describe('GET /api/v1/config/model/internet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the catalog sources without SearXNG details, with the demo search in demo mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config/model/internet' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Envelope<InternetSourcesRes>>();
    expect(body.code).toBe(Code.OK);
    expect(body.data.available).toBe(true);
    expect(body.data.demo).toBe(true);
    expect(body.data.list.map((s) => s.key)).toEqual(t.ctx.webSearch.sources().map((s) => s.key));
    expect(body.data.list[0]).toEqual({ key: 'all', label: '综合搜索', icon: 'global', description: expect.any(String), enabled: true });
    expect(body.data.list.find((s) => s.key === 'scholar')?.enabled).toBe(false);
    expect(res.body).not.toMatch(/engines|categories/);
  });

  it('needs no login and ignores a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config/model/internet?invite_code=abc&x=1' });
    expect(res.json<Envelope<InternetSourcesRes>>().code).toBe(Code.OK);
  });
});

describe('GET /api/v1/config/model/internet with search switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { WEB_SEARCH_PROVIDER: 'none' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still lists the sources, and says no backend is available', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/config/model/internet' })).json<Envelope<InternetSourcesRes>>();
    expect(body.data).toMatchObject({ available: false, demo: false });
    expect(body.data.list.length).toBeGreaterThan(0);
  });
});
