import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import { z } from 'zod';
import { createMemoryStore } from '../infra/kv';
import { createTestApp, type TestApp } from '../../test/app';
import { testDbKinds } from '../../test/db';
import { refused } from './errors';
import { listRoutes } from './platform';
import { hit } from './rate-limit';
import { parse } from './validate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDbKinds())('platform (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internals: password=hunter2');
        });
        app.post('/api/test/schema', async (req) => parse(z.object({ title: z.string().max(3) }), req.body));
        app.get('/api/test/refuse', async () => {
          throw refused('余额不足', Code.NO_POINTS);
        });
        app.get('/api/test/zod', async () => z.object({ n: z.number() }).parse({ n: 'x' }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts a request id on every answer, success or failure', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/user/info' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'GET', url: '/api/test/boom' }),
      t.app.inject({ method: 'POST', url: '/api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
      t.app.inject({ method: 'GET', url: '/api/v1/user/%E0%A4%A' }),
      t.app.inject({ method: 'POST', url: '/api/v1/user/logout' }),
    ]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('masks unexpected errors as a 500 envelope without internals', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, msg: '服务异常，请稍后再试', data: null });
    expect(r.body).not.toContain('hunter2');
    expect(r.headers['x-request-id']).toMatch(UUID);
  });

  it('keeps business refusals at HTTP 200 with their own code', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: Code.NO_POINTS, msg: '余额不足', data: null });
  });

  it('answers 400 with a Chinese sentence naming the field', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/test/schema', payload: { title: 5 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ code: 400, msg: MSG.badField('title'), data: null });
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/schema', payload: {} });
    expect(missing.json()).toEqual({ code: 400, msg: MSG.missingField('title'), data: null });
    const escaped = await t.app.inject({ method: 'GET', url: '/api/test/zod' });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json()).toEqual({ code: 400, msg: MSG.badField('n'), data: null });
  });

  it('answers malformed JSON, poisoned JSON and foreign content types with 400', async () => {
    const cases: Array<[string, string, string]> = [
      ['application/json', '{"phone":', MSG.invalidJson],
      ['application/json', '{"__proto__":{"admin":true}}', MSG.invalidJson],
      ['application/json; charset=utf-8', 'nope', MSG.invalidJson],
      ['application/xml', '<phone/>', MSG.contentTypeUnsupported],
      ['application/x-www-form-urlencoded', 'phone=13800138000', MSG.contentTypeUnsupported],
      ['not a content type', 'x', MSG.contentTypeUnsupported],
    ];
    for (const [type, payload, msg] of cases) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/user/sendSmsCode', headers: { 'content-type': type }, payload });
      expect([r.statusCode, r.json()]).toEqual([400, { code: 400, msg, data: null }]);
    }
  });

  it('refuses NUL characters in bodies, queries and path parameters with 400', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"a\\u0000"}',
    });
    expect([body.statusCode, body.json()]).toEqual([400, { code: 400, msg: MSG.badRequest, data: null }]);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { 'content-type': 'application/json' },
      payload: '{"a\\u0000":1}',
    });
    expect(key.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/user/info?app_channel=%00' });
    expect([query.statusCode, query.json().msg]).toEqual([400, MSG.badRequest]);
    // An escaped backslash before "u0000" is ordinary text.
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"\\\\u0000"}',
    });
    expect(fine.json()).toEqual({ code: 400, msg: MSG.badField('title'), data: null });
  });

  it('accepts POSTs with an empty body, with or without a JSON content type', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const logout = await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers, payload: '' });
      expect([logout.statusCode, logout.json().code]).toEqual([200, 200]);
      const sms = await t.app.inject({ method: 'POST', url: '/api/v1/user/sendSmsCode', headers, payload: '' });
      expect(sms.json()).toEqual({ code: 400, msg: MSG.phoneInvalid, data: null });
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const big = JSON.stringify({ phone: 'x'.repeat(t.ctx.config.bodyLimit) });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sendSmsCode',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ code: 413, msg: MSG.tooLarge, data: null });
    expect(r.headers['x-request-id']).toMatch(UUID);
  });

  it('answers unknown API paths and undecodable URLs with envelopes', async () => {
    const nf = await t.app.inject({ method: 'DELETE', url: '/api/v1/nothing/here?x=1' });
    expect([nf.statusCode, nf.json()]).toEqual([404, { code: 404, msg: MSG.notFound, data: null }]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/user/%E0%A4%A' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 400, msg: MSG.badRequest, data: null }]);
    const post = await t.app.inject({ method: 'POST', url: '/not-api', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(404);
  });

  it('shows a Chinese page for site paths when the web app is not built', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/chat', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(503);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain(MSG.webNotBuilt);
    expect(r.body).toContain('npm run build');
  });

  it('lists every route registered after the platform', () => {
    const routes = listRoutes(t.app);
    for (const url of [
      '/api/v1/user/sendSmsCode',
      '/api/v1/user/phoneLogin',
      '/api/v1/user/register',
      '/api/v1/user/login',
      '/api/v1/user/logout',
    ]) {
      expect(routes).toContainEqual({ method: 'POST', url });
    }
    expect(routes).toContainEqual({ method: 'GET', url: '/api/v1/user/info' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/test/boom' });
  });
});

describe('fixed-window rate limit', () => {
  it('allows max hits per window and reports the count', async () => {
    const kv = createMemoryStore();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(kv, 'k', 60, 3));
    expect(results).toEqual([
      { allowed: true, count: 1 },
      { allowed: true, count: 2 },
      { allowed: true, count: 3 },
      { allowed: false, count: 4 },
    ]);
    expect((await hit(kv, 'other', 60, 3)).allowed).toBe(true);
    await kv.close();
  });
});
