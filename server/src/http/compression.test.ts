import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
const APP_JS = `console.log(${JSON.stringify('万象'.repeat(2_000))});`;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * Static files go out compressed: the web build writes .br and .gz next to each text file
 * (web/vite-precompress.ts) and the server picks one by Accept-Encoding, at no CPU cost per
 * request. API answers and SSE streams are never compressed (a compressing layer buffers).
 */
describe('compressed static files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'wx-dist-'));
    mkdirSync(join(dist, 'assets'));
    const write = (name: string, text: string, compressed = true) => {
      writeFileSync(join(dist, name), text);
      if (!compressed) return;
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    };
    write('index.html', INDEX);
    write('assets/index-9f8e7d.js', APP_JS);
    write('assets/small-111111.css', 'a{}', false);
    t = await createTestApp('pglite', { env: { WEB_DIST: dist, DEMO_TOKEN_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the brotli file to browsers that accept br, with the type and cache of the original', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/index-9f8e7d.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toContain('javascript');
    expect(r.headers['vary']).toContain('accept-encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(APP_JS);
    expect(r.rawPayload.length).toBeLessThan(APP_JS.length / 5);
  });

  it('serves gzip to clients without br, and the plain file to clients without either', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-9f8e7d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-9f8e7d.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('the page itself and the history fallback are compressed too, and stay uncached', async () => {
    for (const url of ['/', '/chat', '/console/vip']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { ...html, 'accept-encoding': 'br' } });
      expect([url, r.statusCode, r.headers['content-encoding']]).toEqual([url, 200, 'br']);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('a file without compressed siblings is sent as it is', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/small-111111.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe('a{}');
  });

  it('API answers and chat streams are never compressed', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(api.headers['content-encoding']).toBeUndefined();
    const { token } = await t.loginAs();
    const sse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat2/v35',
      headers: { token, 'accept-encoding': 'br, gzip' },
      payload: { prompt: '你好' },
    });
    expect(sse.headers['content-type']).toContain('text/event-stream');
    expect(sse.headers['content-encoding']).toBeUndefined();
    expect(sse.body).toContain('event: done');
  });
});
