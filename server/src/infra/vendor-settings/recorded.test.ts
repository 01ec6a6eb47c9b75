import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorCallStats } from './stats';
import { recordedFetch } from './recorded';
import { liveObject } from './live';

/** recordedFetch against a real local server: 2xx is a call with its latency, 4xx/5xx and transport errors failures, a caller's abort nothing. */
describe('recorded vendor calls', () => {
  let base = '';
  const server = createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
    res.writeHead(req.url === '/fail' ? 500 : 200);
    res.end('x');
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('counts outcomes per key, not a caller that gave up, but a timeout', async () => {
    const stats = new VendorCallStats();
    const f = recordedFetch('video:kling', stats);
    await (await f(`${base}/ok`)).text();
    await (await f(`${base}/fail`)).text();
    await expect(f('http://127.0.0.1:9/refused')).rejects.toThrow();
    const caller = new AbortController();
    const gaveUp = f(`${base}/slow`, { signal: caller.signal });
    caller.abort();
    await expect(gaveUp).rejects.toThrow();
    await expect(f(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    expect(stats.summary('video:kling')).toMatchObject({ calls: 4, errors: 3 });
    expect(stats.summary('video:kling').latencyP50Ms).toEqual(expect.any(Number));
    expect(stats.summary('kling').calls).toBe(0);
  });

  it('liveObject reads the value in force at each use, methods bound to it', () => {
    let current = { name: 'a', hello() { return this.name; } };
    const live = liveObject(() => current);
    expect(live.hello()).toBe('a');
    current = { name: 'b', hello() { return `${this.name}!`; } };
    expect(live.name).toBe('b');
    expect(live.hello()).toBe('b!');
    expect({ ...live }.name).toBe('b');
  });
});
