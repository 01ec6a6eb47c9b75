import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { areaRoutes, fuzzRoutes, startAdminApp } from '../../../test/admin-fixture';

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
    const a = await startAdminApp('pglite');
    t = a.t;
    token = a.admin.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every case with a 2xx or 4xx envelope (or a CSV)', async () => {
    const routes = areaRoutes(t, /^\/api\/admin\/(orders|cards|cash-outs)/);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures = await fuzzRoutes(t, token, routes, { bodies: BODIES, queries: QUERIES, ids: IDS, param: /:(id|code|batch)/, csv: true });
    expect(failures).toEqual([]);
  }, 300_000);
});
