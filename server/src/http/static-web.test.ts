import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../test/app';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-3f9a1c.js"></script></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('static web hosting with history fallback', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'wx-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    t = await createTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(INDEX);
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('console.log("app")');
    expect(r.headers['content-type']).toContain('javascript');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(other.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers app routes with index.html (history fallback), GET and HEAD', async () => {
    for (const url of ['/chat', '/msg/Y2hhdA==', '/console/vip?from=nav', '/login/ABC123']) {
      const r = await t.app.inject({ method: 'GET', url, headers: html });
      expect([url, r.statusCode, r.body]).toEqual([url, 200, INDEX]);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/chat', headers: html });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('does not answer missing files, non-HTML requests or other methods with the page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: html });
    expect(missing.statusCode).toBe(404);
    const json = await t.app.inject({ method: 'GET', url: '/chat', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/chat', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(404);
  });

  it('keeps /api paths on the API: unknown ones are a 404 envelope, not the page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/unknown', headers: html });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 404, msg: MSG.notFound, data: null });
    const known = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: html });
    expect(known.statusCode).toBe(401);
  });

  it('does not serve files outside the build folder', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/../../etc/passwd', headers: html });
    expect(r.body).not.toContain('root:');
    const enc = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(enc.body).not.toContain('root:');
  });
});

describe('static web hosting when the folder is missing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { WEB_DIST: join(tmpdir(), 'wx-no-such-dist') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers page paths with the not-built page and API paths with envelopes', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain(MSG.webNotBuiltTitle);
    expect(page.headers['cache-control']).toBe('no-store');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.json()).toEqual({ code: 404, msg: MSG.notFound, data: null });
  });
});
