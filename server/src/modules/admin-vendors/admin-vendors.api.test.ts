import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_VENDORS_MSG, type AdminVendorItem, type AdminVendorListRes, type AdminVendorTestRes, type Envelope } from '@wanxiang/contract';
import type { TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';
import { postChat, textOf } from '../../../test/sse-client';
import { sse, startFakeVendor, type FakeHandler, type FakeVendor } from '../../llm/testing/fake-vendor';
import { VendorSettings, VENDORS_CHANGED_CHANNEL } from '../../infra/vendor-settings/hub';
import { KeyBox, loadKeySecret } from '../../infra/secrets/key-box';

/**
 * The vendors page against two fake OpenAI-compatible vendors: the environment's (DEEPSEEK_*) and the one an admin saves
 * in the console. Proves the key never comes back (answers, audit, logs), the database over the environment and DELETE
 * back to it, chats following a save without a restart (here and on a second context over the same database), the test
 * call's ok and its Chinese errors, and the Chinese 400s.
 */
const ENV_KEY = 'sk-env-key-0000-1111';
const CONSOLE_KEY = 'sk-console-secret-key-9876';

/** Answers a non-streamed 1-token completion as JSON and a streamed chat as SSE with `text`. */
const answering =
  (text: string): FakeHandler =>
  (req, res) => {
    if (req.body.stream === false) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: '好' } }] }));
      return;
    }
    sse(res, [{ delta: { content: text } }], { done: true });
  };

describe('admin vendors', () => {
  let t: TestApp;
  let base: string;
  let envVendor: FakeVendor;
  let consoleVendor: FakeVendor;
  let admin: string;
  let user: string;
  const logs: string[] = [];

  beforeAll(async () => {
    envVendor = await startFakeVendor();
    consoleVendor = await startFakeVendor();
    envVendor.handler = answering('来自环境变量');
    consoleVendor.handler = answering('来自控制台');
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    const a = await startAdminApp('pglite', {
      env: { DEEPSEEK_API_KEY: ENV_KEY, DEEPSEEK_BASE_URL: envVendor.baseUrl, LOG_LEVEL: 'info' },
      logStream,
    });
    t = a.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    admin = a.admin.token;
    user = a.user.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await envVendor?.close();
    await consoleVendor?.close();
  });

  const call = async <T>(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown, token = admin) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.body).not.toContain(CONSOLE_KEY);
    expect(res.body).not.toContain(ENV_KEY);
    expect(res.statusCode).toBeLessThan(500);
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const deepseek = async () => (await call<AdminVendorListRes>('GET', '/api/admin/vendors')).body.data.list.find((v) => v.id === 'deepseek')!;
  const chat = async (token: string) => {
    const c = await postChat(base, 'deepseek_v3', { prompt: '你好', conversationId: `c-${Math.random()}` }, token);
    await c.finished;
    return textOf(c);
  };

  it('checks the role first: visitors 401, users 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/vendors' })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/vendors', undefined, user)).status).toBe(403);
    expect((await call('PUT', '/api/admin/vendors/deepseek', { apiKey: 'x' }, user)).status).toBe(403);
    expect((await call('POST', '/api/admin/vendors/deepseek/test', undefined, user)).status).toBe(403);
  });

  it('lists every vendor with its source, key tail and numbers, never a key', async () => {
    const { body } = await call<AdminVendorListRes>('GET', '/api/admin/vendors');
    const ids = body.data.list.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['deepseek', 'openai', 'compatible', 'siliconflow', 'stt', 'kling', 'searxng']));
    const d = body.data.list.find((v) => v.id === 'deepseek')!;
    expect(d).toMatchObject({ kind: 'chat', source: 'env', baseUrl: envVendor.baseUrl, keySet: true, keyLast4: '1111', editable: true });
    expect(body.data.list.find((v) => v.id === 'openai')).toMatchObject({ source: 'none', keySet: false, keyLast4: null });
    expect(body.data.statsWindowHours).toBe(24);
  });

  it('saves over the environment without a restart, audits with the key masked, and DELETE goes back', async () => {
    expect(await chat(user)).toBe('来自环境变量');
    expect(envVendor.requests.at(-1)!.headers.authorization).toBe(`Bearer ${ENV_KEY}`);

    const saved = await call<AdminVendorItem>('PUT', '/api/admin/vendors/deepseek', { baseUrl: `${consoleVendor.baseUrl}/`, apiKey: CONSOLE_KEY });
    expect(saved.body).toMatchObject({ code: 200, msg: ADMIN_VENDORS_MSG.adminVendorSaved });
    expect(saved.body.data).toMatchObject({ source: 'database', baseUrl: consoleVendor.baseUrl, keySet: true, keyLast4: '9876' });

    // The very next chat goes to the saved base URL with the saved key.
    const before = consoleVendor.requests.length;
    expect(await chat(user)).toBe('来自控制台');
    expect(consoleVendor.requests.length).toBe(before + 1);
    expect(consoleVendor.requests.at(-1)!.headers.authorization).toBe(`Bearer ${CONSOLE_KEY}`);

    // Only the base URL: the saved key stays.
    const urlOnly = await call<AdminVendorItem>('PUT', '/api/admin/vendors/deepseek', { baseUrl: consoleVendor.baseUrl });
    expect(urlOnly.body.data).toMatchObject({ source: 'database', keyLast4: '9876' });

    // The key is sealed at rest.
    const rows = await t.ctx.database.db.execute(`SELECT api_key_sealed FROM vendor_settings WHERE vendor = 'deepseek'`);
    const sealed = JSON.stringify(rows);
    expect(sealed).toContain('v1:');
    expect(sealed).not.toContain(CONSOLE_KEY);

    const audit = await call<{ list: { action: string; before: unknown; after: unknown }[] }>('GET', '/api/admin/audit?action=vendor.');
    const text = JSON.stringify(audit.body.data);
    expect(text).not.toContain(CONSOLE_KEY);
    expect(audit.body.data.list[1]).toMatchObject({ action: 'vendor.update', before: null, after: { baseUrl: consoleVendor.baseUrl, apiKey: '••••9876' } });

    const reset = await call<AdminVendorItem>('DELETE', '/api/admin/vendors/deepseek');
    expect(reset.body).toMatchObject({ code: 200, msg: ADMIN_VENDORS_MSG.adminVendorReset, data: { source: 'env', keyLast4: '1111', baseUrl: envVendor.baseUrl } });
    expect(await chat(user)).toBe('来自环境变量');
    const again = await call<AdminVendorItem>('DELETE', '/api/admin/vendors/deepseek');
    expect(again.body.msg).toBe(ADMIN_VENDORS_MSG.adminVendorNotOverridden);
    const resetRows = (await call<{ list: { action: string; before: unknown; after: unknown }[] }>('GET', '/api/admin/audit?action=vendor.reset')).body.data.list;
    expect(resetRows).toHaveLength(1);
    expect(resetRows[0]).toMatchObject({ before: { apiKey: '••••9876' }, after: null });

    // Numbers of this process: the chats above were recorded for deepseek.
    const d = await deepseek();
    expect(d.stats.calls).toBeGreaterThanOrEqual(3);
    expect(d.stats.errorRate).toBe(0);
    expect(d.stats.latencyP50Ms).toEqual(expect.any(Number));
    // The keys never reached a log line.
    const logText = logs.join('');
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(CONSOLE_KEY);
    expect(logText).not.toContain(ENV_KEY);
  });

  it('reaches another process over the shared store (same database, its own context)', async () => {
    // What createContext builds on another process: its own view over the same database, box and shared store.
    const other = {
      vendorSettings: await VendorSettings.open({
        database: t.ctx.database,
        kv: t.ctx.kv,
        box: new KeyBox(await loadKeySecret(t.ctx.config)),
        env: t.ctx.config.vendors,
        log: t.app.log,
      }),
    };
    const stop = await other.vendorSettings.watch(0);
    try {
      expect(other.vendorSettings.credential('deepseek').baseUrl).toBe(envVendor.baseUrl);
      const heard = new Promise<void>((resolve) => void t.ctx.kv.subscribe(VENDORS_CHANGED_CHANNEL, () => resolve()));
      await call('PUT', '/api/admin/vendors/deepseek', { baseUrl: consoleVendor.baseUrl, apiKey: CONSOLE_KEY });
      await heard;
      await expect.poll(() => other.vendorSettings.credential('deepseek'), { timeout: 5000 }).toEqual({ baseUrl: consoleVendor.baseUrl, apiKey: CONSOLE_KEY });
    } finally {
      stop();
      await call('DELETE', '/api/admin/vendors/deepseek');
    }
  });

  it('tests the vendor: ok with latency, or its error in Chinese without the key', async () => {
    await call('PUT', '/api/admin/vendors/deepseek', { baseUrl: consoleVendor.baseUrl, apiKey: CONSOLE_KEY });
    try {
      const good = await call<AdminVendorTestRes>('POST', '/api/admin/vendors/deepseek/test');
      expect(good.body.data).toMatchObject({ ok: true, status: 200 });
      expect(good.body.data.latencyMs).toEqual(expect.any(Number));
      expect(good.body.data.message).toBe(ADMIN_VENDORS_MSG.adminVendorTestOk(good.body.data.latencyMs));
      const sent = consoleVendor.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { max_tokens: 1, stream: false } });
      expect(sent.headers.authorization).toBe(`Bearer ${CONSOLE_KEY}`);

      consoleVendor.handler = (_req, res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${CONSOLE_KEY}` } }));
      };
      const refused = await call<AdminVendorTestRes>('POST', '/api/admin/vendors/deepseek/test');
      expect(refused.body.data).toMatchObject({ ok: false, status: 401, message: ADMIN_VENDORS_MSG.adminVendorTestUnauthorized(401) });

      consoleVendor.handler = (_req, res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `upstream overloaded for key ${CONSOLE_KEY}` } }));
      };
      const broken = await call<AdminVendorTestRes>('POST', '/api/admin/vendors/deepseek/test');
      expect(broken.body.data).toMatchObject({ ok: false, status: 500 });
      expect(broken.body.data.message).toMatch(/^服务商返回错误（HTTP 500）：upstream overloaded for key ••••$/);

      // Nothing listens there any more.
      const gone = await startFakeVendor();
      await gone.close();
      await call('PUT', '/api/admin/vendors/deepseek', { baseUrl: gone.baseUrl });
      const unreachable = await call<AdminVendorTestRes>('POST', '/api/admin/vendors/deepseek/test');
      expect(unreachable.body.data).toMatchObject({ ok: false, status: null, message: ADMIN_VENDORS_MSG.adminVendorTestUnreachable });

      const none = await call<AdminVendorTestRes>('POST', '/api/admin/vendors/openai/test');
      expect(none.body.data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured });
    } finally {
      consoleVendor.handler = answering('来自控制台');
      await call('DELETE', '/api/admin/vendors/deepseek');
    }
  });

  it('refuses bad input with Chinese 400s', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/admin/vendors/deepseek', { baseUrl: 'ftp://example.com' }, ADMIN_VENDORS_MSG.adminVendorBaseUrlInvalid],
      ['/api/admin/vendors/deepseek', { baseUrl: 'not a url' }, ADMIN_VENDORS_MSG.adminVendorBaseUrlInvalid],
      ['/api/admin/vendors/deepseek', { apiKey: 'has space' }, ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid],
      ['/api/admin/vendors/deepseek', { apiKey: '' }, ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid],
      ['/api/admin/vendors/deepseek', {}, ADMIN_VENDORS_MSG.adminVendorNothingToSave],
      ['/api/admin/vendors/nosuch', { apiKey: 'k' }, ADMIN_VENDORS_MSG.adminVendorIdInvalid],
      ['/api/admin/vendors/deepseek', { secretKey: 'sk-second' }, ADMIN_VENDORS_MSG.adminVendorNoSecretKey],
      ['/api/admin/vendors/kling', { secretKey: 'has space' }, ADMIN_VENDORS_MSG.adminVendorSecretKeyInvalid],
    ];
    for (const [url, payload, msg] of cases) {
      const res = await call('PUT', url, payload);
      expect({ url, payload, status: res.status, body: res.body }).toMatchObject({ status: 400, body: { code: 400, msg } });
    }
    expect((await call('POST', '/api/admin/vendors/NoSuch/test')).body).toMatchObject({ code: 400, msg: ADMIN_VENDORS_MSG.adminVendorIdInvalid });
    expect((await deepseek()).source).toBe('env');
  });
});
