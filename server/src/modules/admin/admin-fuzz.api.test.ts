import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { areaRoutes, fuzzRoutes, startAdminApp } from '../../../test/admin-fixture';

/**
 * G14 for the admin routes as an admin sees them: the app-wide fuzz test (server/test/fuzz.test.ts) calls them with a
 * plain user's token, which stops at the 403; here an admin sends the same kinds of malformed, wrong-typed and odd
 * input. No 5xx, every answer an envelope, every refusal in Chinese with its code equal to the status.
 */
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{"delta":',
  '[1,2]',
  '"text"',
  'null',
  '{}',
  JSON.stringify({ delta: '5', reason: 5, vip: '3', expiresAt: 12, permanent: 'yes', password: ['a'], keyword: {} }),
  JSON.stringify({ delta: -1e308, reason: 'x'.repeat(50_000), vip: 1e308, expiresAt: '2099-13-45T99:00:00Z' }),
  JSON.stringify({ delta: 1, reason: '\u202e<script>\'"; DROP TABLE users;--💥', vip: 1, expiresAt: '9999-12-31T23:59:59Z' }),
  JSON.stringify({ delta: 1, reason: '半个\ud800表情', password: '\u0000\u0000\u0000\u0000\u0000\u0000' }),
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
];
const QUERIES = [
  '',
  '?page=-1&size=abc',
  '?page=1e309&size=NaN&keyword=%00',
  '?keyword[]=1&keyword[]=2&action[]=user.ban',
  `?keyword=${'%E4%BD%A0'.repeat(100)}&target=${'u'.repeat(500)}`,
  '?action=user.%25&target=user:%25',
  '?keyword=%ED%A0%80&target=%E0%A4%A',
  "?keyword=' OR 1=1 --&target=user:1' OR '1'='1",
];
const IDS = ['1', '0', '-1', 'abc', '1e3', '9007199254740993', '%2e%2e%2f', '<script>', 'A'.repeat(90)];

describe('admin routes under bad input, as an admin', () => {
  let t: TestApp;
  let token: string;
  /** A real account, so the bodies that pass validation reach the locked-row paths (ledger note, audit JSON). */
  let targetId: string;
  beforeAll(async () => {
    const a = await startAdminApp('pglite');
    t = a.t;
    token = a.admin.token;
    targetId = String(a.user.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every case with a 2xx or 4xx envelope', async () => {
    // This area's routes (me, users, audit); other admin areas fuzz their own.
    const routes = areaRoutes(t, /^\/api\/admin\/(me|users|audit)(\/|$)/);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const failures = await fuzzRoutes(t, token, routes, { bodies: BODIES, queries: QUERIES, ids: [targetId, ...IDS] });
    expect(failures).toEqual([]);
    // Still the same admin afterwards (no body made the caller something else).
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { token } });
    expect(me.json().data.role).toBe('admin');
  }, 300_000);
});
