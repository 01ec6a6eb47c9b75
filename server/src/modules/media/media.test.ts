import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, fail, httpStatusOf, MSG, PAGE_TEXT_MAX_CHARS, type PageTextRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { createMemoryStore } from '../../infra/kv';
import { createSafeFetch, type SafeFetch } from '../../infra/safe-fetch';
import { PAGE_READS_PER_MINUTE, registerMediaRoutes } from './routes';
import { readPageText } from './service';

const ARTICLE_P1 = '万象 AI 是一个中文的一站式人工智能助手平台，支持多种大模型对话。';
const ARTICLE_P2 = '用户可以导入网页内容，让模型基于网页正文进行总结、翻译与问答。';
const GBK_TEXT = '这是一个使用国标编码的中文网页，内容用于测试字符集的识别与解码。';

/** GBK bytes for a string, built from the decoder's own table (Node has no GBK encoder). */
function encodeGbk(text: string): Buffer {
  const table = new Map<string, number[]>();
  const dec = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      const ch = dec.decode(Uint8Array.of(hi, lo));
      if (!table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else bytes.push(...(table.get(ch) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}

function article(title: string, paragraphs: string[]): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title>
<style>body { color: red }</style><script>window.SCRIPT_MARKER = 'SCRIPT-MARKER-RAN';</script></head>
<body><nav><a href="/">首页</a> | <a href="/news">新闻</a></nav>
<article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article>
<footer>版权所有 © 2025</footer><script>document.body.innerHTML = 'SCRIPT-MARKER-RAN';</script></body></html>`;
}

let site: Server;
let base: string;

beforeAll(async () => {
  const longParagraphs = Array.from({ length: 12 }, (_, i) => `${ARTICLE_P1}${ARTICLE_P2}这是第${i + 1}段，用来让正文足够长。`);
  // Over 20,000 elements: Readability is skipped for the plain body text, which is then cut at the cap.
  const hugeParagraphs = Array.from({ length: 7000 }, (_, i) => `<span>第${i}段：</span><b>${ARTICLE_P1}</b>`);
  site = createServer((req, res) => {
    switch (req.url) {
      case '/article':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(article('万象 AI 发布网页导入功能', longParagraphs));
      case '/gbk-meta':
        // Charset only in the page's <meta>, as many older Chinese sites do.
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(
          encodeGbk(
            `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>国标页面</title></head><body><p>${GBK_TEXT}</p></body></html>`,
          ),
        );
      case '/gbk-header':
        res.writeHead(200, { 'content-type': 'text/html; charset=GBK' });
        return void res.end(encodeGbk(`<html><head><title>国标页面</title></head><body><div>${GBK_TEXT}</div></body></html>`));
      case '/no-type':
        res.writeHead(200, {});
        return void res.end(`<!doctype html><html><head><title>无类型</title></head><body><p>${ARTICLE_P1}</p></body></html>`);
      case '/file.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return void res.end('%PDF-1.7 not a page');
      case '/notes.txt':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end(ARTICLE_P1);
      case '/empty':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(
          '<html><head><title>空</title><script>var a = "只有脚本";</script></head><body>  \n <style>p{}</style> </body></html>',
        );
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(article('很长的网页', hugeParagraphs));
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end('METADATA-SECRET');
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        return void res.end('<p>not found</p>');
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
});

/** The fake site is on loopback, so it is trusted here exactly as SSRF_ALLOW trusts it in tests. */
const allowed = (): { safeFetch: SafeFetch } => ({ safeFetch: createSafeFetch({ allow: ['127.0.0.1'] }) });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('readPageText', () => {
  it('returns the article text of a Chinese page without navigation or scripts', async () => {
    const page = await readPageText(allowed(), `${base}/article`);
    expect(page.url).toBe(`${base}/article`);
    expect(page.title).toBe('万象 AI 发布网页导入功能');
    expect(page.text).toContain(ARTICLE_P1);
    expect(page.text).toContain('这是第12段');
    expect(page.text).not.toContain('SCRIPT-MARKER');
    expect(page.text).not.toContain('color: red');
    expect(page.text).not.toContain('版权所有');
    // One paragraph per line, no runs of whitespace.
    expect(page.text.split('\n').length).toBeGreaterThanOrEqual(12);
    expect(page.text).not.toMatch(/\s{2,}/);
    expect(page.length).toBe(page.text.length);
  });

  it.each(['/gbk-meta', '/gbk-header'])('decodes a GBK page (%s)', async (path) => {
    const page = await readPageText(allowed(), `${base}${path}`);
    expect(page.title).toBe('国标页面');
    expect(page.text).toContain(GBK_TEXT);
  });

  it('accepts a page served without a content type when it opens like HTML', async () => {
    const page = await readPageText(allowed(), `${base}/no-type`);
    expect(page.text).toContain(ARTICLE_P1);
  });

  it.each(['/file.pdf', '/notes.txt'])('refuses a non-HTML answer (%s)', async (path) => {
    const err = await refusal(readPageText(allowed(), `${base}${path}`));
    expect(err.code).toBe(Code.FAILED);
    expect(err.message).toBe(MSG.urlNotHtml);
  });

  it('refuses a page with no readable text', async () => {
    const err = await refusal(readPageText(allowed(), `${base}/empty`));
    expect(err.message).toBe(MSG.pageNoContent);
  });

  it('cuts a very long page at the text cap', async () => {
    const page = await readPageText(allowed(), `${base}/huge`);
    expect(page.text.length).toBe(PAGE_TEXT_MAX_CHARS);
    expect(page.length).toBe(PAGE_TEXT_MAX_CHARS);
  });

  it('refuses a redirect to the metadata address, without its body', async () => {
    const err = await refusal(readPageText(allowed(), `${base}/to-metadata`));
    expect(err.message).toBe(MSG.urlRefused);
    expect(JSON.stringify({ msg: err.message, data: err.data })).not.toContain('METADATA-SECRET');
  });

  it('answers a fetch failure for an error status', async () => {
    const err = await refusal(readPageText(allowed(), `${base}/missing`));
    expect(err.message).toBe(MSG.urlFetchFailed);
  });

  it('refuses loopback when it is not on the allow-list', async () => {
    const err = await refusal(readPageText({ safeFetch: createSafeFetch({ allow: [] }) }, `${base}/article`));
    expect(err.code).toBe(Code.FAILED);
    expect(err.message).toBe(MSG.urlRefused);
  });
});

describe('media routes', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // A minimal app standing in for the platform: a test header plays the auth hook, and
    // AppErrors become envelopes with the status of the code table.
    app = Fastify();
    app.decorateRequest('authUser', null);
    app.addHook('onRequest', async (req) => {
      const id = Number(req.headers['x-test-user']);
      req.authUser = id ? { id, vip: 0, phone: null, role: 'user', tokenId: id } : null;
    });
    app.setErrorHandler((err, _req, reply) => {
      if (err instanceof AppError) return reply.code(httpStatusOf(err.code)).send(fail(err.code, err.message, err.data));
      return reply.code(500).send(fail(Code.INTERNAL, MSG.serverError));
    });
    const ctx = { ...allowed(), kv: createMemoryStore() } as unknown as AppContext;
    await app.register((api) => registerMediaRoutes(api, ctx), { prefix: '/api' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const post = (user: number | null, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/media/yfoo.html',
      payload: body as object,
      headers: user ? { 'x-test-user': String(user) } : {},
    });

  it('POST /api/v1/media/yfoo.html returns the page text', async () => {
    const res = await post(1, { url: `${base}/article` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: PageTextRes }>();
    expect(body.code).toBe(200);
    expect(body.data.title).toBe('万象 AI 发布网页导入功能');
    expect(body.data.text).toContain(ARTICLE_P2);
  });

  it('GET /api/media/gethtml?url= returns the page text', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/media/gethtml?url=${encodeURIComponent(`${base}/gbk-meta`)}`,
      headers: { 'x-test-user': '2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PageTextRes }>().data.text).toContain(GBK_TEXT);
  });

  it('requires login', async () => {
    const res = await post(null, { url: `${base}/article` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: MSG.unauthorized });
    const get = await app.inject({ method: 'GET', url: `/api/media/gethtml?url=${encodeURIComponent(`${base}/article`)}` });
    expect(get.statusCode).toBe(401);
  });

  it.each([
    [{ url: '' }, MSG.linkEmpty],
    [{ url: '   ' }, MSG.linkEmpty],
    [{}, MSG.linkEmpty],
    [{ url: 42 }, MSG.linkEmpty],
    [{ url: 'not a link' }, MSG.linkInvalid],
    [{ url: 'example.com/page' }, MSG.linkInvalid],
    [{ url: 'file:///etc/passwd' }, MSG.linkInvalid],
    [{ url: `https://example.com/${'a'.repeat(2100)}` }, MSG.linkInvalid],
  ])('answers 400 for %j', async (body, msg) => {
    const res = await post(3, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg, data: null });
  });

  it('answers a business refusal for an internal address', async () => {
    const res = await post(4, { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: Code.FAILED, msg: MSG.urlRefused, data: null });
  });

  it('limits page reads per user', async () => {
    const user = 5;
    for (let i = 0; i < PAGE_READS_PER_MINUTE; i++) expect((await post(user, { url: 'ftp://x' })).statusCode).toBe(400);
    const limited = await post(user, { url: `${base}/article` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, msg: MSG.rateLimited });
    // Another user is not affected.
    expect((await post(6, { url: `${base}/article` })).statusCode).toBe(200);
  });
});
