import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, httpStatusOf, MSG, type DownloadLinks, type EquityTable, type Envelope } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { startFakeWechat, type FakeWechat } from '../../infra/wechat/testing/fake-wechat';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { linksFor, loadDownloads, miniprogramScheme } from './catalog';
import { testConfig } from '../../config';
import { generateUrlLink, urlLinkQuery, wechatMiniCredentials } from './wechat-urllink';

/** Download links by invite code (docs/product/shell-and-navigation.md §9), the mini-program link helper (docs/product/shell-and-navigation.md §7), /equity data. */
describe('download links', () => {
  const file = loadDownloads(DEFAULT_CATALOG_DIR);

  it('an unknown or missing invite code gets the brand defaults', () => {
    expect(linksFor(file, undefined)).toMatchObject({ brand: 'wanxiang', ...file.brands.wanxiang });
    expect(linksFor(file, 'nobody').android).toBe(file.brands.wanxiang.android);
  });

  it('an override is found by the upper-cased token and replaces only the fields it names', () => {
    const l = linksFor(file, 'partner01');
    expect(l.desktop.win_x64).toBe(file.overrides.PARTNER01!.wanxiang!.desktop!.win_x64);
    expect(l.desktop.mac_arm64).toBe(file.brands.wanxiang.desktop.mac_arm64);
    expect(l.android).not.toBe(file.brands.wanxiang.android);
    // The other brand has no override for this token.
    expect(linksFor(file, 'PARTNER01', 'bianjie').desktop).toEqual(file.brands.bianjie.desktop);
  });

  it('the mini-program scheme carries cq with the invite code, and is empty without an app id', () => {
    expect(miniprogramScheme('', 'pages/index/index', 'AB12')).toBe('');
    const url = new URL(miniprogramScheme('wx123', 'pages/index/index', 'AB12'));
    expect(url.searchParams.get('appid')).toBe('wx123');
    expect(url.searchParams.get('query')).toBe('cq=AB12');
  });

  it('the url_link query appends cq to the caller query', () => {
    expect(urlLinkQuery('a=1', 'XY9')).toBe('a=1&cq=XY9');
    expect(urlLinkQuery('', undefined)).toBe('');
  });
});

describe.each(testDbKinds())('download routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /v1/config/downloads answers four desktop links and the mobile ones, per invite code', async () => {
    const plain = (await t.app.inject({ url: '/api/v1/config/downloads' })).json<Envelope<DownloadLinks>>();
    expect(plain.code).toBe(Code.OK);
    expect(Object.keys(plain.data.desktop).sort()).toEqual(['mac_arm64', 'mac_x64', 'win_arm64', 'win_x64']);
    const huawei = (await t.app.inject({ url: '/api/v1/config/downloads?invite_code=huawei' })).json<Envelope<DownloadLinks>>();
    expect(huawei.data.android).not.toBe(plain.data.android);
    expect(huawei.data.desktop).toEqual(plain.data.desktop);
    const bad = await t.app.inject({ url: '/api/v1/config/downloads?brand=other' });
    expect(bad.statusCode).toBe(400);
  });

  it('POST /wechat/generate_urllink needs a login; without WeChat credentials it says so in Chinese, not 200', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/wechat/generate_urllink', payload: { path: 'pages/index/index' } });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await t.loginAs();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wechat/generate_urllink',
      headers: { token },
      payload: { path: 'pages/index/index', query: 'a=1' },
    });
    // Envelope code 503 (HTTP 503 like every code 503) with the Chinese reason.
    expect(res.statusCode).toBe(httpStatusOf(Code.UNAVAILABLE));
    expect(res.json()).toMatchObject({ code: 503, msg: MSG.wechatNotConfigured });
    const bad = await t.app.inject({ method: 'POST', url: '/api/wechat/generate_urllink', headers: { token }, payload: { path: '<script>' } });
    expect(bad.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.urlLinkPathInvalid });
  });

  it('GET /v1/config/equity lists every level with a count for every quota key', async () => {
    const e = (await t.app.inject({ url: '/api/v1/config/equity' })).json<Envelope<EquityTable>>().data;
    expect(e.levels.length).toBeGreaterThan(1);
    expect(e.levels[0]).toMatchObject({ vip: 0, name: '普通用户' });
    for (const level of e.levels) for (const q of e.quota_keys) expect(typeof level.daily[q.key]).toBe('number');
  });
});

describe('url_link through a fake WeChat API', () => {
  let fake: FakeWechat;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeWechat('wxacc', 'sekret');
    // The official account's pair serves the QR login and, with no mini-program pair of its own, the links.
    t = await createTestApp('pglite', {
      env: { WECHAT_LOGIN: 'official', WECHAT_APP_ID: 'wxacc', WECHAT_APP_SECRET: 'sekret', WECHAT_TOKEN: 'cb', WECHAT_API_BASE: fake.base },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const link = (token: string, payload: object, remoteAddress = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/api/wechat/generate_urllink', headers: { token }, payload, remoteAddress });

  it("uses the mini-program's own pair, else the official account's", () => {
    const pair = (env: Record<string, string>) => testConfig(env).wechatMini;
    expect(pair({ WECHAT_APP_ID: 'wxacc', WECHAT_APP_SECRET: 's1' })).toEqual({ appId: 'wxacc', appSecret: 's1' });
    expect(pair({ WECHAT_APP_ID: 'wxacc', WECHAT_APP_SECRET: 's1', WECHAT_MINI_APP_ID: 'wxmini', WECHAT_MINI_APP_SECRET: 's2' })).toEqual({
      appId: 'wxmini',
      appSecret: 's2',
    });
    expect(wechatMiniCredentials({ config: testConfig({ WECHAT_MINI_APP_ID: 'wxmini' }) })).toBeNull();
    expect(wechatMiniCredentials({ config: testConfig({}) })).toBeNull();
  });

  it('asks for the link with cq appended, sharing one token with the QR login, also across bad calls', async () => {
    const before = fake.tokenCalls;
    const { token } = await t.loginAs();
    const ok = (await link(token, { path: 'pages/index/index', query: 'from=web', invite_code: 'AB12' })).json<Envelope<{ url_link: string }>>();
    expect(ok.code).toBe(Code.OK);
    expect(ok.data.url_link).toMatch(/^https:\/\/wxaurl\.cn\//);
    expect(fake.urlLinkCalls.at(-1)).toEqual({ path: 'pages/index/index', query: 'from=web&cq=AB12' });
    // WeChat refusing the page is no reason to fetch a new token.
    for (let i = 0; i < 3; i++) {
      const bad = (await link(token, { path: 'pages/missing/index' })).json<Envelope<null>>();
      expect(bad).toMatchObject({ code: 502, msg: MSG.wechatUrlLinkFailed });
    }
    expect((await t.app.inject({ url: '/api/v1/user/getWxQrcode' })).json<Envelope<unknown>>().code).toBe(Code.OK);
    expect(fake.tokenCalls - before).toBe(1);
  });

  it('a token WeChat invalidated is replaced once and the link still comes', async () => {
    const { token } = await t.loginAs();
    fake.invalidateTokens();
    const before = fake.tokenCalls;
    expect((await link(token, { path: 'pages/index/index' })).json<Envelope<unknown>>().code).toBe(Code.OK);
    expect(fake.tokenCalls - before).toBe(1);
  });

  it('limits links per user: a clear Chinese 429', async () => {
    const { token } = await t.loginAs();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await link(token, { path: 'pages/index/index' })).statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(5);
    const last = await link(token, { path: 'pages/index/index' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 429, msg: MSG.rateLimited });
  });

  it('WeChat unreachable is a Chinese 502 refusal, never a 500', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(generateUrlLink(t.ctx, { path: 'p', query: '' }, down)).rejects.toMatchObject({ code: 502, message: MSG.wechatUrlLinkFailed });
  });
});
