import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type CloudResult, type Envelope, type QuotaBalance, type SearchPage } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';

/** GET /api/v1/search/webdisk with every channel pointed at the replayed answers (WEBDISK_BASE_URL). */
describe.each(testDbKinds())('cloud-disk search route on %s', (kind) => {
  let t: TestApp;
  let fakes: FakeSourcesServer;
  beforeAll(async () => {
    fakes = await startFakeSources();
    t = await createTestApp(kind, { env: { WEBDISK_BASE_URL: `${fakes.baseUrl}/webdisk`, WEBDISK_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const search = async (token: string | undefined, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/search/webdisk?${query}`, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<SearchPage<CloudResult> | null>>() };
  };
  const balance = async (token: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/number/check', headers: { token }, payload: { type: 'resource_cloud', number: 1 } });
    return res.json<Envelope<QuotaBalance>>().data.balance;
  };

  it('requires login', async () => {
    const r = await search(undefined, 'keyword=Python');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(Code.UNAUTHORIZED);
  });

  it('validates the query with Chinese messages', async () => {
    const { token } = await t.loginAs();
    const blank = await search(token, 'keyword=%20%20');
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe(MSG.webdiskEmptyQuery);
    for (const q of ['keyword=x&channel=evil', 'keyword=x&page=0', 'keyword=x&page=abc', `keyword=${'a'.repeat(201)}`, '']) {
      const r = await search(token, q);
      expect(r.status, q).toBe(400);
      expect(r.body.msg, q).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('answers a filtered page per tab and pages until a page has no items', async () => {
    const { token } = await t.loginAs();
    const up1 = await search(token, 'keyword=Python&channel=up1');
    expect(up1.body.code).toBe(Code.OK);
    expect(up1.body.data!.items.map((r) => r.url)).toEqual([
      'https://www.aliyundrive.com/s/Kp3vQx8Lm2a',
      'https://pan.quark.cn/s/7b1e9c2d4f60',
      'https://www.aliyundrive.com/s/Qw9ErT6yUi1',
    ]);
    expect(up1.body.data!.hasMore).toBe(true);
    const page2 = await search(token, 'keyword=Python&channel=up1&page=2');
    expect(page2.body.data!.items).toHaveLength(2);
    const page3 = await search(token, 'keyword=Python&channel=up1&page=3');
    expect(page3.body.data).toEqual({ items: [], hasMore: false });
    const brother = await search(token, 'keyword=高等数学&channel=brother');
    expect(brother.body.data!.items.map((r) => r.type)).toEqual([6, 6]);
    const agg = await search(token, 'keyword=PPT&channel=aggregate');
    expect(agg.body.data!.items.map((r) => r.type)).toEqual([8, 8]);
  });

  it('answers an empty page (not an error) for a failing channel', async () => {
    const { token } = await t.loginAs();
    const r = await search(token, 'keyword=故障&channel=up2');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: Code.OK, data: { items: [], hasMore: false } });
  });

  it('holds one resource_cloud count per new search: settled with results, given back without; more pages and other tabs are free', async () => {
    const { token } = await t.loginAs();
    const start = await balance(token);
    await search(token, 'keyword=Python&channel=up1');
    expect(await balance(token)).toBe(start - 1);
    await search(token, 'keyword=Python&channel=up1&page=2');
    expect(await balance(token)).toBe(start - 1);
    // The other tabs of the same search (any case, spaces around) cost nothing more.
    await search(token, 'keyword=python&channel=up2');
    await search(token, `keyword=${encodeURIComponent(' Python ')}&channel=brother`);
    expect(await balance(token)).toBe(start - 1);
    // Nothing found (every channel fails on this word): given back, on every tab.
    await search(token, 'keyword=故障&channel=up1');
    await search(token, 'keyword=故障&channel=up2');
    expect(await balance(token)).toBe(start - 1);
    for (let i = 1; i < start; i++) await search(token, `keyword=Python${i}&channel=up2`);
    expect(await balance(token)).toBe(0);
    const refused = await search(token, 'keyword=Java&channel=up1');
    expect(refused.body.code).toBe(Code.NO_COUNT);
    // A refused search did not count as paid: it is refused again, while a paid one stays open.
    expect((await search(token, 'keyword=Java&channel=up2')).body.code).toBe(Code.NO_COUNT);
    expect((await search(token, 'keyword=Python&channel=up1')).body.code).toBe(Code.OK);
    expect((await search(token, 'keyword=Python&channel=up1&page=2')).body.code).toBe(Code.OK);
  });

  it('of tabs opened at once for a new search, exactly one pays', async () => {
    const { token } = await t.loginAs();
    const start = await balance(token);
    const all = await Promise.all(['up1', 'up2', 'brother', 'aggregate', 'up1', 'up2'].map((c) => search(token, `keyword=Rust&channel=${c}`)));
    expect(all.every((r) => r.body.code === Code.OK)).toBe(true);
    expect(await balance(token)).toBe(start - 1);
  });
});
