import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, SITE_SEARCH_RESULT_MAX, toolByPath, type Envelope, type SiteFooterRes, type SiteSearchRes } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadSiteCatalog, parseSiteCatalog, SiteCatalogError } from './catalog';
import { mainDomain } from './service';

// The site routes read no table: PGlite alone is enough.
describe('GET /api/v2/config/search', () => {
  let t: TestApp;
  const shipped = loadSiteCatalog();
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (keyword?: string) => {
    const url = keyword === undefined ? '/api/v2/config/search' : `/api/v2/config/search?keyword=${encodeURIComponent(keyword)}`;
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<Envelope<SiteSearchRes>>() };
  };

  it('answers the top-12 ranking (banner, in order) and the recommended tools (icon) for an empty keyword', async () => {
    for (const k of [undefined, '', '   ']) {
      const { status, body } = await search(k);
      expect(status).toBe(200);
      expect(body.code).toBe(Code.OK);
      expect(body.data.banner).toHaveLength(12);
      expect(body.data.banner.map((b) => b.route)).toEqual(shipped.ranking.slice(0, 12).map((r) => r.route));
      expect(body.data.icon.map((i) => i.name)).toEqual(shipped.recommended.map((r) => r.name));
      expect(body.data.banner[0]).toEqual({
        name: expect.any(String),
        route: expect.stringMatching(/^\//),
        icon: expect.any(String),
        desc: expect.any(String),
      });
    }
  });

  it('matches names and keywords ignoring case, name matches first, and never leaks keywords or ids', async () => {
    const ppt = await search('PPT');
    expect(ppt.body.data.banner).toEqual([]);
    const names = ppt.body.data.icon.map((i) => i.name);
    expect(names).toContain('AI生成PPT');
    expect(ppt.body.data.icon.find((i) => i.name === 'AI生成PPT')?.route).toBe('/AiFile/ppt');
    // "文档生成PPT" matches by name too; a tool matching only by keyword comes after the name matches.
    const deep = await search('deepseek');
    expect(deep.body.data.icon.slice(0, 2).map((i) => i.route)).toEqual(['/chat?type=deepseek-r1', '/chat?type=deepseek-v3']);
    // A Chinese keyword that is only in keywords (脑图 -> 思维导图).
    const mind = await search('脑图');
    expect(mind.body.data.icon.map((i) => i.route)).toContain('/AiFile/mapping');
    const raw = JSON.stringify(ppt.body);
    expect(raw).not.toContain('keywords');
    expect(raw).not.toContain('"id"');
  });

  it('caps the matches at 30', async () => {
    // "ai" is in most names.
    const { body } = await search('ai');
    expect(body.data.icon.length).toBeLessThanOrEqual(SITE_SEARCH_RESULT_MAX);
    expect(body.data.icon.length).toBeGreaterThan(10);
  });

  it('answers empty lists when nothing matches', async () => {
    const { status, body } = await search('没有这种工具zzz');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: Code.OK, data: { banner: [], icon: [] } });
  });

  it('refuses an over-long keyword with a Chinese 400', async () => {
    const { status, body } = await search('字'.repeat(51));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, msg: MSG.siteSearchKeywordTooLong });
    const repeated = await t.app.inject({ method: 'GET', url: '/api/v2/config/search?keyword=a&keyword=b' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<Envelope<unknown>>().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('GET /api/v1/config/site (footer by domain)', () => {
  let t: TestApp;
  const shipped = loadSiteCatalog();
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const footer = async (query: string, host?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/config/site${query}`, headers: host ? { host } : {} });
    return { status: res.statusCode, body: res.json<Envelope<SiteFooterRes>>() };
  };

  it('chooses the entry by the main domain of the domain parameter', async () => {
    const { body } = await footer('?domain=www.wanxiang.ai');
    expect(body.code).toBe(Code.OK);
    expect(body.data).toEqual({ domain: 'wanxiang.ai', ...shipped.footers.get('wanxiang.ai') });
    const cn = await footer('?domain=m.WANXIANG.cn:8443');
    expect(cn.body.data.domain).toBe('wanxiang.cn');
    expect(cn.body.data.icp).toBe(shipped.footers.get('wanxiang.cn')!.icp);
  });

  it("uses the request's Host without a domain parameter, and the default entry for an unknown domain", async () => {
    const byHost = await footer('', 'chat.wanxiang.ai');
    expect(byHost.body.data.domain).toBe('wanxiang.ai');
    const unknown = await footer('?domain=example.org');
    expect(unknown.body.data).toEqual({ domain: '', ...shipped.footers.get('default') });
    const local = await footer('', 'localhost:3000');
    expect(local.body.data.company).toBe(shipped.footers.get('default')!.company);
  });

  it('refuses a malformed domain with a Chinese 400', async () => {
    const { status, body } = await footer('?domain=%3Cscript%3E');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, msg: MSG.siteDomainInvalid });
  });
});

describe('site catalog', () => {
  const minimal = () => ({
    tools: [{ id: 'a', name: '甲', route: '/a', icon: 'app' }],
    recommended: ['a'],
    ranking: ['a'],
    footers: { default: { company: 'c', icp: '', police: '', copyright: '' } },
  });

  it('ships at least 60 tools with unique routes covering the main areas', () => {
    const c = loadSiteCatalog();
    expect(c.tools.length).toBeGreaterThanOrEqual(60);
    const routes = c.tools.map((t) => t.route);
    for (const r of [
      '/chat?type=deepseek-v3',
      '/draw/text2image',
      '/AiFile/ppt',
      '/AiFile/mapping',
      '/doc/AiLongThesis',
      '/aiSearch/index',
      '/AITranslate/translatePdf',
    ]) {
      expect(routes).toContain(r);
    }
    expect(c.ranking.length).toBeGreaterThanOrEqual(12);
  });

  it('names the bad entry on a typo', () => {
    const badRoute = minimal();
    badRoute.tools[0]!.route = 'https://evil.example';
    expect(() => parseSiteCatalog(badRoute)).toThrow(/tools\.0\.route/);
    const unknownId = { ...minimal(), ranking: ['a', 'b'] };
    expect(() => parseSiteCatalog(unknownId)).toThrow(/ranking\.1: unknown tool id "b"/);
    const noDefault = { ...minimal(), footers: { 'x.com': minimal().footers.default } };
    expect(() => parseSiteCatalog(noDefault)).toThrow(SiteCatalogError);
    const dup = { ...minimal(), tools: [...minimal().tools, ...minimal().tools] };
    expect(() => parseSiteCatalog(dup)).toThrow(/duplicate tool id "a"/);
  });

  it('takes a name and description left out of the file from the tool registry at the route', () => {
    const fromRegistry = { ...minimal(), tools: [{ id: 'a', route: '/aiSearch/science', icon: 'search' }] };
    const [tool] = parseSiteCatalog(fromRegistry).tools;
    expect(tool!.name).toBe(toolByPath('/aiSearch/science')!.title);
    expect(tool!.desc).toBe(toolByPath('/aiSearch/science')!.description);
    const own = { ...minimal(), tools: [{ id: 'a', name: '我的名字', route: '/aiSearch/science?x=1', icon: 'search', desc: '自己的说明' }] };
    expect(parseSiteCatalog(own).tools[0]).toMatchObject({ name: '我的名字', desc: '自己的说明' });
    const unknown = { ...minimal(), tools: [{ id: 'a', route: '/no/such', icon: 'app' }] };
    expect(() => parseSiteCatalog(unknown)).toThrow(/tools\.0\.name: missing/);
    // The shipped file leaves names out where they restate the registry; they are served filled.
    expect(loadSiteCatalog().tools.find((t) => t.id === 'scholar')?.name).toBe('学术搜索');
  });

  it('reads an operator copy from CATALOG_DIR when present', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-catalog-'));
    writeFileSync(join(dir, 'site.json'), JSON.stringify(minimal()));
    expect(loadSiteCatalog(dir).tools.map((t) => t.name)).toEqual(['甲']);
    writeFileSync(join(dir, 'site.json'), '{ not json');
    expect(() => loadSiteCatalog(dir)).toThrow(SiteCatalogError);
  });

  it('takes the last two labels of a host as its main domain', () => {
    expect(mainDomain('www.wanxiang.ai')).toBe('wanxiang.ai');
    expect(mainDomain('WANXIANG.AI:443')).toBe('wanxiang.ai');
    expect(mainDomain('localhost')).toBe('');
    expect(mainDomain('127.0.0.1:3000')).toBe('');
    expect(mainDomain('')).toBe('');
  });
});
