import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../http/platform';
import { randomIp, type TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';

/**
 * G14 for the moderation routes as an admin sees them (the app-wide fuzz test stops at a plain user's 403): malformed,
 * wrong-typed and odd input on every queue and action. No 5xx, every answer an envelope, every refusal in Chinese with
 * its code equal to the status.
 */
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{"reason":',
  '[1,2]',
  '"text"',
  'null',
  '{}',
  JSON.stringify({ reason: 5, note: ['a'] }),
  JSON.stringify({ reason: 'x'.repeat(50_000), note: 'y'.repeat(50_000) }),
  JSON.stringify({ reason: '\u202e<script>\'"; DROP TABLE personas;--💥', note: '半个\ud800表情' }),
  JSON.stringify({ reason: '\u0000\u0000', note: '\u0000' }),
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
];
const QUERIES = ['', '?page=-1&size=abc', '?page=1e309&size=NaN&status=%00', '?status[]=open&status[]=x', `?status=${'%E4%BD%A0'.repeat(100)}`, "?status=open' OR 1=1 --", '?status=%ED%A0%80'];
const IDS = ['1', '0', '-1', 'abc', '1e3', '9007199254740993', '%2e%2e%2f', '<script>', 'A'.repeat(90)];

describe('moderation routes under bad input, as an admin', () => {
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

  it('answers every case with a 2xx or 4xx envelope', async () => {
    const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/moderation/') && r.method !== 'HEAD');
    expect(routes.length).toBe(14);
    const failures: string[] = [];
    for (const route of routes) {
      const urls = route.url.includes(':id') ? IDS.map((id) => route.url.replace(':id', id)) : [route.url];
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
