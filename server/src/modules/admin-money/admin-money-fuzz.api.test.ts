import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../http/platform';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';

/**
 * The money routes under malformed, wrong-typed and odd input, as an admin (the app-wide fuzz test stops at a plain
 * user's 403): no 5xx, every JSON answer an envelope, every refusal in Chinese with its code equal to the status.
 */
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{"reason":',
  '[1,2]',
  'null',
  '{}',
  JSON.stringify({ reason: 5, shopId: '1', count: 1e308, note: {}, daysValid: -1, transferRef: ['a'] }),
  JSON.stringify({ reason: 'x'.repeat(50_000), shopId: 1, count: 1, note: 'x'.repeat(50_000), transferRef: 'x'.repeat(5000) }),
  JSON.stringify({ reason: '\u202e<script>\'"; DROP TABLE shop_orders;--💥', shopId: 1, count: 1, transferRef: '=1+1' }),
  JSON.stringify({ reason: '半个\ud800表情', shopId: 1, count: 1, note: '\u0000', transferRef: '\u0000' }),
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
];
const QUERIES = [
  '',
  '?page=-1&size=abc',
  '?page=1e309&size=NaN&keyword=%00',
  '?status[]=paid&provider[]=mock&from[]=1',
  `?keyword=${'%E4%BD%A0'.repeat(100)}&batch=${'b'.repeat(500)}`,
  '?from=9999-99-99&to=0000-00-00&state=%25',
  '?keyword=%ED%A0%80&batch=%E0%A4%A',
  "?keyword=' OR 1=1 --&status=paid' OR '1'='1",
];
const IDS = ['1', '0', '-1', 'abc', '1e3', '9007199254740993', '%2e%2e%2f', '<script>', 'A'.repeat(90)];

describe('admin money routes under bad input, as an admin', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const phone = newPhone();
    t = await createTestApp('pglite', { env: { ADMIN_PHONES: phone } });
    token = (await t.loginAs(phone)).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every case with a 2xx or 4xx envelope (or a CSV)', async () => {
    const routes = listRoutes(t.app).filter((r) => /^\/api\/admin\/(orders|cards|cash-outs)/.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const route of routes) {
      const param = /:(id|code|batch)/.exec(route.url)?.[0];
      const urls = param ? IDS.map((id) => route.url.replace(param, id)) : [route.url];
      for (const base of urls) {
        for (const q of QUERIES) {
          for (const body of route.method === 'GET' ? [undefined] : BODIES) {
            const res = await t.app.inject({
              method: route.method as 'GET' | 'POST',
              url: base + q,
              headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              payload: body,
              remoteAddress: randomIp(),
            });
            const where = `${route.method} ${base + q} ${String(body).slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
            if (res.statusCode >= 500) {
              failures.push(`5xx: ${where}`);
              continue;
            }
            if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv')) continue;
            const json = res.json<{ code: unknown; msg: unknown }>();
            if (typeof json.code !== 'number' || typeof json.msg !== 'string') failures.push(`not an envelope: ${where}`);
            else if (res.statusCode !== 200 && (json.code !== res.statusCode || !/[\u4e00-\u9fff]/.test(json.msg))) failures.push(`bad refusal: ${where}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
