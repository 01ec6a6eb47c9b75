import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../http/platform';
import { randomIp, type TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';

/**
 * The vendors routes under malformed, wrong-typed and odd input from an admin (admin-fuzz.api.test.ts does the same for
 * the accounts area): no 5xx, every answer an envelope, every refusal in Chinese with its code equal to the status. The
 * vendors are pointed at a closed local port first, so a body that passes validation saves and tests without the net.
 */
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{"baseUrl":',
  '[1,2]',
  '"text"',
  'null',
  '{}',
  JSON.stringify({ baseUrl: 5, apiKey: ['a'] }),
  JSON.stringify({ baseUrl: `http://127.0.0.1:9/${'x'.repeat(50_000)}`, apiKey: 'k'.repeat(50_000) }),
  JSON.stringify({ baseUrl: 'javascript:alert(1)', apiKey: '\u202e<script>\'"; DROP TABLE users;--💥' }),
  JSON.stringify({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: '半个\ud800表情' }),
  JSON.stringify({ baseUrl: 'http://[::1', apiKey: '\u0000\u0000' }),
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
];
const IDS = ['deepseek', 'kling', 'nosuch', 'DeepSeek', '0', '%2e%2e%2f', '<script>', 'a'.repeat(90), '%00'];

describe('admin vendors routes under bad input, as an admin', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const a = await startAdminApp('pglite', { env: { DEEPSEEK_API_KEY: 'sk-fuzz-env-key', DEEPSEEK_BASE_URL: 'http://127.0.0.1:9/v1' } });
    t = a.t;
    token = a.admin.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every case with a 2xx or 4xx envelope', async () => {
    const routes = listRoutes(t.app).filter((r) => /^\/api\/admin\/vendors(\/|$)/.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBe(4);
    const failures: string[] = [];
    for (const route of routes) {
      const urls = route.url.includes(':id') ? IDS.map((id) => route.url.replace(':id', id)) : [route.url];
      for (const url of urls) {
        for (const body of route.method === 'GET' ? [undefined] : BODIES) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: body,
            remoteAddress: randomIp(),
          });
          const where = `${route.method} ${url} ${String(body).slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
          if (res.statusCode >= 500) {
            failures.push(`5xx: ${where}`);
            continue;
          }
          const json = res.json<{ code: unknown; msg: unknown }>();
          if (typeof json.code !== 'number' || typeof json.msg !== 'string') failures.push(`not an envelope: ${where}`);
          else if (res.statusCode !== 200 && (json.code !== res.statusCode || !/[\u4e00-\u9fff]/.test(json.msg))) failures.push(`bad refusal: ${where}`);
          if (res.body.includes('sk-fuzz-env-key')) failures.push(`key answered: ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
