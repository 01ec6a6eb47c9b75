import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** Parse a CSP header into { directive: [sources] }. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** QUALITY G20: every answer, page, file or API, carries the security headers. */
describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'wx-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'index-1a2b3c.js'), 'console.log(1)');
    t = await createTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const cases: [string, string, Record<string, string>?, string?][] = [
    ['home page', '/', html],
    ['app route (history fallback)', '/console/vip', html],
    ['hashed asset', '/assets/index-1a2b3c.js'],
    ['missing file', '/assets/gone-000.js'],
    ['API answer', '/api/health'],
    ['API 401', '/api/v1/user/info'],
    ['API 404', '/api/v1/no-such-call'],
  ];

  it.each(cases)('%s: CSP with frame-ancestors, nosniff, referrer policy', async (_name, url, headers) => {
    const r = await t.app.inject({ method: 'GET', url, headers });
    const policy = csp(r.headers['content-security-policy']);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a 400 for a malformed body carries them too', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(r.statusCode).toBe(400);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(r.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
  });

  it('a server-rendered page with an inline script gets a fresh nonce that its script carries', async () => {
    const nonces = new Set<string>();
    for (const _ of [1, 2]) {
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/user/wxDevConfirm?qrcode_id=abcdefghijklmnop1234' });
      expect(r.statusCode).toBe(200);
      const scriptSrc = csp(r.headers['content-security-policy'])['script-src']!;
      expect(scriptSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(scriptSrc[1] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(r.body).toContain(`<script nonce="${nonce}">`);
      expect(r.body).not.toMatch(/<script>/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });
});
