import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { createSafeFetch, type Lookup, type SafeFetch } from './index';
import { expectNoLeak, expectReason, noDns, SECRET, startInternal, startServer, stopServers, type FakeServer } from './testing';

/** Pinning, the allow-list, redirects and the byte and time caps, against local fake servers. */

// Internal services on loopback that must never be reached by an untrusted URL.
let internal: FakeServer;
let internal2: FakeServer;
// The "public" site: loopback, trusted through the allow-list as tests with fake servers are.
let site: FakeServer;

beforeAll(async () => {
  internal = await startInternal('127.0.0.1');
  internal2 = await startInternal('127.0.0.2');
  site = await startServer('127.0.0.1', (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const p = u.pathname;
    if (p === '/hello') return void res.end(`hello ${req.headers.host} at ${req.socket.localAddress}`);
    if (p === '/to') {
      res.writeHead(302, { location: u.searchParams.get('url') ?? '/' });
      return void res.end(SECRET);
    }
    const hop = /^\/chain\/(\d+)$/.exec(p);
    if (hop) {
      const n = Number(hop[1]);
      if (n === 0) return void res.end('end of chain');
      res.writeHead(301, { location: `/chain/${n - 1}` });
      return void res.end();
    }
    if (p === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end(Buffer.alloc(3 * 1024 * 1024, 97));
    }
    if (p === '/chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent > 50) return (clearInterval(timer), void res.end());
        res.write(Buffer.alloc(64 * 1024, 98));
        sent++;
      }, 1);
      return;
    }
    if (p === '/bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      return void res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    }
    if (p === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(gzipSync(Buffer.from('压缩的内容')));
    }
    if (p === '/hang') return; // never answers
    if (p === '/drip') {
      res.writeHead(200);
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
      return;
    }
    if (p === '/error') {
      res.writeHead(500);
      return void res.end(SECRET);
    }
    if (p === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null })));
      return;
    }
    if (p === '/post-303') {
      res.writeHead(303, { location: `http://127.0.0.2:${internal2.port}/` });
      return void res.end();
    }
    res.writeHead(404);
    res.end();
  });
});

afterAll(() => stopServers(internal, internal2, site));

describe('pinning and the allow-list', () => {
  it('resolves once and connects to the checked address, keeping the Host header', async () => {
    let calls = 0;
    // A rebinding resolver: public-looking first, then internal. Only the first answer may be used.
    const lookup: Lookup = async () => (++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const fetch = createSafeFetch({ allow: ['127.0.0.1'], lookup });
    const before = site.hits.length;
    const res = await fetch(`http://pinned.example:${site.port}/hello`);
    expect(calls).toBe(1);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(`hello pinned.example:${site.port} at 127.0.0.1`);
    expect(site.hits.length).toBe(before + 1);
  });

  it('trusts an allowed host name whatever it resolves to', async () => {
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const res = await createSafeFetch({ allow: ['fake-site.test'], lookup })(`http://FAKE-site.test:${site.port}/hello`);
    expect(res.body.toString()).toBe(`hello fake-site.test:${site.port} at 127.0.0.1`);
  });

  it('refuses the same loopback address when it is not on the allow-list', async () => {
    const before = site.hits.length;
    const err = await expectReason(createSafeFetch({ allow: [] })(`http://127.0.0.1:${site.port}/hello`), 'refused');
    expect(err.message).toBe(MSG.urlRefused);
    expect(site.hits.length).toBe(before);
  });
});

describe('redirects', () => {
  const fetch = () => createSafeFetch({ allow: ['127.0.0.1'], lookup: noDns });
  const via = (target: string) => `http://127.0.0.1:${site.port}/to?url=${encodeURIComponent(target)}`;

  it.each([
    () => `http://127.0.0.2:${internal2.port}/`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => `http://[::1]:${internal.port}/`,
    () => `http://localhost:${internal.port}/`,
    () => `http://2130706434:${internal2.port}/`, // 127.0.0.2 in decimal
    () => 'file:///etc/passwd',
    () => 'http://user@example.com/',
  ])('refuses a redirect to an internal target (%#)', async (target) => {
    const err = await expectReason(fetch()(via(target())), 'refused');
    expectNoLeak(err);
    expect(internal2.hits).toHaveLength(0);
  });

  it('follows up to 3 redirects, relative ones included', async () => {
    const res = await fetch()(`http://127.0.0.1:${site.port}/chain/3`);
    expect(res.body.toString()).toBe('end of chain');
    expect(res.url).toBe(`http://127.0.0.1:${site.port}/chain/0`);
  });

  it('refuses a fourth redirect', async () => {
    await expectReason(fetch()(`http://127.0.0.1:${site.port}/chain/4`), 'refused');
    await expectReason(fetch()(`http://127.0.0.1:${site.port}/chain/2`, { maxRedirects: 1 }), 'refused');
  });

  it('drops credentials when a redirect changes origin', async () => {
    const both = createSafeFetch({ allow: ['127.0.0.0/8'], lookup: noDns });
    // Same origin keeps the key.
    const same = await both(via('/echo'), { headers: { Authorization: 'Bearer k1' } });
    expect(JSON.parse(same.body.toString()).auth).toBe('Bearer k1');
    // A second "site" on 127.0.0.2 reflects what it received.
    const other = await startServer('127.0.0.2', (req, res) =>
      res.end(JSON.stringify({ auth: req.headers.authorization ?? null, key: req.headers['x-api-key'] ?? null })),
    );
    try {
      const res = await both(via(`http://127.0.0.2:${other.port}/`), { headers: { Authorization: 'Bearer k1', 'X-Api-Key': 'k2' } });
      expect(JSON.parse(res.body.toString())).toEqual({ auth: null, key: null });
    } finally {
      other.server.close();
    }
  });

  it('sends a POST body and turns it into a GET after a 303', async () => {
    const both = createSafeFetch({ allow: ['127.0.0.0/8'], lookup: noDns });
    const echo = await both(`http://127.0.0.1:${site.port}/echo`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(echo.body.toString())).toMatchObject({ method: 'POST', body: '{"a":1}' });
    const before = internal2.hits.length;
    const res = await both(`http://127.0.0.1:${site.port}/post-303`, { method: 'POST', body: 'x' });
    expect(res.body.toString()).toBe(SECRET); // allowed here: 127.0.0.0/8 is trusted in this test
    expect(internal2.hits.length).toBe(before + 1);
    expect(internal2.hits.at(-1)?.method).toBe('GET');
    internal2.hits.length = 0;
  });
});

describe('caps', () => {
  let fetch: SafeFetch;
  beforeAll(() => {
    fetch = createSafeFetch({ allow: ['127.0.0.1'], lookup: noDns });
  });

  it('refuses a body over the default 2 MB', async () => {
    const err = await expectReason(fetch(`http://127.0.0.1:${site.port}/big`), 'too_large');
    expect(err.message).toBe(MSG.urlTooLarge);
  });

  it('stops reading a chunked body past maxBytes', async () => {
    await expectReason(fetch(`http://127.0.0.1:${site.port}/chunked`, { maxBytes: 100_000 }), 'too_large');
  });

  it('stops inflating a compression bomb at the cap', async () => {
    await expectReason(fetch(`http://127.0.0.1:${site.port}/bomb`), 'too_large');
  });

  it('decodes gzip bodies', async () => {
    const res = await fetch(`http://127.0.0.1:${site.port}/gzip`);
    expect(res.body.toString('utf8')).toBe('压缩的内容');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('times out a server that never answers', async () => {
    const t0 = Date.now();
    const err = await expectReason(fetch(`http://127.0.0.1:${site.port}/hang`, { timeoutMs: 300 }), 'timeout');
    expect(err.message).toBe(MSG.urlTimeout);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('times out a body that trickles forever', async () => {
    await expectReason(fetch(`http://127.0.0.1:${site.port}/drip`, { timeoutMs: 300 }), 'timeout');
  });

  it('times out a DNS lookup that hangs', async () => {
    const slow = createSafeFetch({ allow: [], lookup: () => new Promise(() => undefined) });
    await expectReason(slow('http://slow-dns.example/', { timeoutMs: 200 }), 'timeout');
  });

  it('fails an error status without any of its body', async () => {
    const err = await expectReason(fetch(`http://127.0.0.1:${site.port}/error`), 'http');
    expect(err.status).toBe(500);
    expect(err.message).toBe(MSG.urlFetchFailed);
    expectNoLeak(err);
    const res = await fetch(`http://127.0.0.1:${site.port}/error`, { acceptErrorStatus: true });
    expect(res.status).toBe(500);
  });

  it('stops when the caller aborts', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await expectReason(fetch(`http://127.0.0.1:${site.port}/hang`, { signal: ac.signal }), 'network');
  });
});
