import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../src/http/platform';
import { DESCRIBE_BODY_LIMIT } from '../src/modules/img/routes';
import { createTestApp, newPhone, randomIp } from './app';

/**
 * G14: every API route, including routes added later by any area (they are collected from the
 * built app), gets malformed, wrong-typed, oversized and odd requests, with and without a
 * token. None may answer 5xx; every answer is a JSON envelope {code, msg} with a 4xx status (code
 * equal to the status) or HTTP 200 (a business outcome). A streaming route may answer
 * text/event-stream, and then with status 200.
 */
const t = await createTestApp('pglite', { env: { DEMO_TOKEN_DELAY_MS: '0' } });
afterAll(async () => {
  await t.close();
});

const fuzzPhone = newPhone();
/** A fresh valid token per request: a route may be logout, which revokes the token it is given. */
const validToken = async () => (await t.loginAs(fuzzPhone)).token;

const bodyLimit = t.ctx.config.bodyLimit;
const long = 'x'.repeat(100_000);
const FIELDS = [
  'phone',
  'code',
  'user',
  'pass',
  'app_channel',
  'invite_code',
  'prompt',
  'ask',
  'messages',
  'conversationId',
  'messageId',
  'model',
  'id',
  'title',
  'url',
  'page',
  'rows',
  'keyword',
  'type',
  'options',
  'temperature',
  'card',
  'shop_id',
];
const objectOf = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const deep = (n: number): unknown => (n === 0 ? {} : { a: deep(n - 1), messages: [deep(0)] });

interface BodyCase {
  name: string;
  contentType?: string;
  payload?: string;
  /** The only acceptable status, when one is required. */
  expect?: number;
}

const BODY_CASES: BodyCase[] = [
  { name: 'no body' },
  { name: 'empty JSON', contentType: 'application/json', payload: '' },
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"phone":' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'JSON string', contentType: 'application/json', payload: '"hello"' },
  { name: 'JSON number', contentType: 'application/json', payload: '42' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'empty object', contentType: 'application/json', payload: '{}' },
  { name: 'numbers everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf(-1e308)) },
  { name: 'objects everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf({ $gt: '' })) },
  { name: 'arrays everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf([null, 1, 'a'])) },
  { name: 'booleans everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf(true)) },
  { name: 'long strings everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf(long.slice(0, 40_000))) },
  {
    name: 'control and odd characters',
    contentType: 'application/json',
    payload: JSON.stringify(objectOf('\u0000\u202e<script>\'"; DROP TABLE users;--💥')),
  },
  // JSON.stringify writes each unpaired surrogate as a \uD800-style escape, as an attacker would.
  { name: 'lone surrogates everywhere', contentType: 'application/json', payload: JSON.stringify(objectOf('半个\ud800表情\udfff')) },
  { name: 'deep nesting', contentType: 'application/json', payload: JSON.stringify(deep(200)) },
  {
    name: 'prototype poisoning',
    contentType: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'text body', contentType: 'text/plain', payload: 'phone=13800138000' },
  { name: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'phone=13800138000&code=123456' },
  { name: 'unknown content type', contentType: 'application/octet-stream', payload: '\u0001\u0002' },
  { name: 'over the body limit', contentType: 'application/json', payload: JSON.stringify({ prompt: 'x'.repeat(bodyLimit) }), expect: 413 },
];

const QUERIES = [
  '',
  '?a[]=1&a[]=2&page=-1&rows=abc',
  '?__proto__[admin]=1&constructor[prototype][x]=2',
  `?page=1e309&rows=NaN&id=${long.slice(0, 5000)}`,
  '?%zz=%&url=javascript:alert(1)&url=http://127.0.0.1',
  `?app_channel=${long.slice(0, 3000)}&type=%00%ff`,
  '?model=&keyword=%E4%BD%A0%E5%A5%BD&qrcode_id=../../etc/passwd',
  // A surrogate's UTF-8 form (invalid UTF-8) and a cut escape.
  '?keyword=%ED%A0%80&id=%ED%BF%BF&url=%E0%A4%A',
];

const PARAM_VALUES = ['v35', 'x', '0', '-1', '%2e%2e%2f%2e%2e', 'A'.repeat(300), '%E0%A4%A', '<script>'];

type TokenKind = 'none' | 'bad' | 'valid';
const TOKENS: TokenKind[] = ['none', 'bad', 'valid'];

async function headersFor(kind: TokenKind, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  if (kind === 'none') return extra;
  if (kind === 'bad')
    return { ...extra, token: 'not-a-real-token-0000000000000000000000000', authorization: `Bearer ${long.slice(0, 2000)}` };
  return { ...extra, token: await validToken() };
}

const fill = (url: string, param: string) => url.replace(/:[^/]+/g, param).replace(/\*/g, 'x/y');

/**
 * Routes that answer another system's protocol rather than our envelope: the WeChat event
 * callback (plain text the WeChat server reads), payment notifications (each gateway's own
 * acknowledgement body) and the dev mock-payment page (HTML). They must still never 5xx.
 */
const PROTOCOL_ROUTES = new Set(['GET /api/v1/wechat/callback', 'POST /api/v1/wechat/callback', 'POST /api/v1/pay/notify/:provider', 'GET /api/v1/pay/mock/page']);

/** JSON routes with a body limit of their own above the app's (an image as a data URL): over-limit bodies are sent over theirs. */
const OWN_BODY_LIMITS: Record<string, number> = { 'POST /api/v1/ocr/descriptionImage': DESCRIBE_BODY_LIMIT };

const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

describe('fuzz: every API route answers bad input with a 4xx envelope', () => {
  it('finds the routes of the built app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/v1/user/phoneLogin' });
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const failures: string[] = [];
    const send = async (label: string, url: string, headers: Record<string, string>, payload?: string, expectStatus?: number) => {
      const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload, remoteAddress: randomIp() });
      const where = `${label} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode >= 500) return failures.push(`5xx: ${where}`);
      if (expectStatus && res.statusCode !== expectStatus) return failures.push(`expected ${expectStatus}: ${where}`);
      if (!res.headers['x-request-id']) failures.push(`no x-request-id: ${where}`);
      if (PROTOCOL_ROUTES.has(`${route.method} ${route.url}`)) return;
      if (type.startsWith('text/event-stream')) {
        if (res.statusCode !== 200) failures.push(`stream with status ${res.statusCode}: ${where}`);
        return;
      }
      if (!type.startsWith('application/json')) return failures.push(`not JSON (${type}): ${where}`);
      let body: { code?: unknown; msg?: unknown };
      try {
        body = res.json();
      } catch {
        return failures.push(`unparsable JSON: ${where}`);
      }
      if (typeof body.code !== 'number' || typeof body.msg !== 'string') return failures.push(`not an envelope: ${where}`);
      if (res.statusCode !== 200 && body.code !== res.statusCode) failures.push(`code ${body.code} != status: ${where}`);
      if (res.statusCode !== 200 && !/[\u4e00-\u9fff]/.test(body.msg)) failures.push(`message not Chinese: ${where}`);
    };

    const base = fill(route.url, PARAM_VALUES[0]!);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    for (const token of TOKENS) {
      for (const q of QUERIES) await send(`${token} token, query ${q.slice(0, 40)}`, base + q, await headersFor(token));
      if (!hasBody) continue;
      for (const c of BODY_CASES) {
        const headers = await headersFor(token, c.contentType ? { 'content-type': c.contentType } : {});
        const own = OWN_BODY_LIMITS[`${route.method} ${route.url}`];
        const payload = c.expect === 413 && own ? JSON.stringify({ prompt: 'x'.repeat(own) }) : c.payload;
        await send(`${token} token, ${c.name}`, base, headers, payload, c.expect);
      }
    }
    if (route.url.includes(':') || route.url.includes('*')) {
      for (const p of PARAM_VALUES.slice(1)) {
        const payload = hasBody ? '{}' : undefined;
        await send(
          `param ${p.slice(0, 20)}`,
          fill(route.url, p),
          await headersFor('valid', hasBody ? { 'content-type': 'application/json' } : {}),
          payload,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('still answers normally after all of that', async () => {
    const token = await validToken();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(fuzzPhone);
  });
});

describe('fuzz: broken HTTP on a real socket', () => {
  it('survives truncated, lying and garbage requests and keeps serving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (data: string) =>
      new Promise<string>((resolve) => {
        const s = connect(port, '127.0.0.1');
        let out = '';
        s.on('data', (d) => (out += d.toString()));
        s.on('error', () => resolve(out));
        s.on('close', () => resolve(out));
        s.write(data);
        setTimeout(() => s.end(), 200);
        setTimeout(() => s.destroy(), 1_000);
      });
    const garbage = [
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user":',
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{"user":"a","pass":"b"}',
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
      'GET /api/v1/user/info?\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003',
      'BREW /api HTTP/1.1\r\n\r\n',
    ];
    for (const g of garbage) {
      const answer = await raw(g);
      expect(answer).not.toMatch(/^HTTP\/1\.1 5\d\d/);
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/info`, { headers: { token: await validToken() } });
    expect(res.status).toBe(200);
  });
});
