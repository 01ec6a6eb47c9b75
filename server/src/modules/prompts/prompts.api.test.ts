import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type PromptFetchRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { createSafeFetch } from '../../infra/safe-fetch';
import { SECRET, startServer, stopServers, type FakeServer } from '../../infra/safe-fetch/testing';
import { PROMPT_FETCHES_PER_MINUTE } from './routes';
import { fetchPromptList } from './service';

/**
 * The network-import download against a real local HTTP server. The test app trusts 127.0.0.1
 * (SSRF_ALLOW, as an operator would for an intranet); the default rules refuse it.
 */
const LISTS: Record<string, { type: string; body: string | Buffer }> = {
  '/key-value.json': {
    type: 'application/json',
    body: JSON.stringify([
      { key: '翻译', value: '请把下面的话译成英文' },
      { key: '润色', value: '请润色' },
    ]),
  },
  '/act-prompt.json': { type: 'text/plain', body: `\uFEFF${JSON.stringify([{ act: '面试官', prompt: '请扮演面试官' }])}` },
  '/empty.json': { type: 'application/json', body: '[]' },
  '/object.json': { type: 'application/json', body: JSON.stringify({ key: 'a', value: 'b' }) },
  '/wrong-keys.json': { type: 'application/json', body: JSON.stringify([{ title: 'a', content: 'b' }]) },
  '/html': { type: 'text/html', body: `<html><body>${SECRET}</body></html>` },
};

describe.each(testDbKinds())('prompt list download on %s', (kind) => {
  let t: TestApp;
  let site: FakeServer;
  let base: string;

  beforeAll(async () => {
    site = await startServer('127.0.0.1', (req, res) => {
      const hit = LISTS[req.url ?? ''];
      if (!hit) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return void res.end(SECRET);
      }
      res.writeHead(200, { 'content-type': hit.type });
      res.end(hit.body);
    });
    base = `http://127.0.0.1:${site.port}`;
    t = await createTestApp(kind, { env: { SSRF_ALLOW: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t?.close();
    await stopServers(site);
  });

  const fetchList = async (token: string | undefined, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prompt/fetch',
      headers: token ? { token } : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json<Envelope<PromptFetchRes | null>>() };
  };

  it('needs a login', async () => {
    expect((await fetchList(undefined, { url: `${base}/key-value.json` })).status).toBe(401);
  });

  it('downloads key/value and act/prompt lists as templates', async () => {
    const { token } = await t.loginAs();
    const kv = await fetchList(token, { url: `${base}/key-value.json` });
    expect(kv.body).toMatchObject({
      code: Code.OK,
      data: {
        list: [
          { key: '翻译', value: '请把下面的话译成英文' },
          { key: '润色', value: '请润色' },
        ],
      },
    });
    const act = await fetchList(token, { url: `${base}/act-prompt.json` });
    expect(act.body.data).toEqual({ list: [{ key: '面试官', value: '请扮演面试官' }] });
  });

  it('refuses an invalid URL with 请输入正确的URL 🙅', async () => {
    const { token } = await t.loginAs();
    for (const url of ['', 'abc', 'ftp://example.com/a.json', 'http://', 'javascript:alert(1)', 42]) {
      const r = await fetchList(token, { url });
      expect(r.status, String(url)).toBe(400);
      expect(r.body.msg).toBe(MSG.promptUrlInvalid);
    }
    expect((await fetchList(token, {})).body.msg).toBe(MSG.promptUrlInvalid);
  });

  it('answers 数据格式不正确 for anything but a non-empty list of templates, without quoting it', async () => {
    const { token } = await t.loginAs();
    for (const path of ['/empty.json', '/object.json', '/wrong-keys.json', '/html']) {
      const r = await fetchList(token, { url: `${base}${path}` });
      expect(r.body, path).toMatchObject({ code: Code.FAILED, msg: MSG.promptRemoteInvalid, data: null });
      expect(JSON.stringify(r.body)).not.toContain(SECRET);
    }
    const missing = await fetchList(token, { url: `${base}/nothing-here` });
    expect(missing.body).toMatchObject({ code: Code.FAILED, msg: MSG.urlFetchFailed });
    expect(JSON.stringify(missing.body)).not.toContain(SECRET);
  });

  it('is rate limited per user', async () => {
    const { token } = await t.loginAs();
    let last = 0;
    for (let i = 0; i <= PROMPT_FETCHES_PER_MINUTE; i++) last = (await fetchList(token, { url: `${base}/key-value.json` })).status;
    expect(last).toBe(429);
  });
});

describe('prompt list download with the default SSRF rules', () => {
  const safeFetch = createSafeFetch({ allow: [] });
  it.each([
    'http://127.0.0.1:9/list.json',
    'http://localhost/list.json',
    'http://169.254.169.254/latest',
    'http://[::1]/x',
    'http://2130706433/',
  ])('refuses %s with the safe fetch message', async (url) => {
    await expect(fetchPromptList({ safeFetch }, url)).rejects.toMatchObject({ code: Code.FAILED, message: MSG.urlRefused });
  });
});
