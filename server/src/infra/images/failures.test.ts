import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRunContext } from '../../../test/fake-images';
import { catalogFile } from '../../catalog';
import { testConfig } from '../../config';
import { createImageBackend, loadImagesFile, type ImageJob } from './index';
import { ImageError } from './types';
import { VendorCallStats } from '../vendor-settings/stats';

/**
 * Image vendors' failures counted where every adapter is made (wanxiang_upstream_errors_total{service="image"}): the
 * real Ark adapter against a local server that refuses every call with a 500.
 */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: 'InternalServiceError', message: 'busy' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const file = loadImagesFile(catalogFile(undefined, 'images.json'));
const job: ImageJob = { op: 'generate', model: 'doubao-seedream-4-0-250828', prompt: '江南水乡', width: 1024, height: 1024, count: 1 };

describe('image vendor failures', () => {
  const backend = () => {
    const seen: string[][] = [];
    const metrics = { upstreamError: (...a: string[]) => void seen.push(a) };
    const calls = new VendorCallStats();
    return { seen, calls, backend: createImageBackend(testConfig({ ARK_API_KEY: 'k', ARK_BASE_URL: base }), file, { demo: false, metrics, calls }) };
  };

  it('are counted by vendor and the ImageError reason, and reach the caller unchanged', async () => {
    const { seen, backend: b } = backend();
    const route = b.route('generate')!;
    expect(route.adapter.vendor).toBe('ark');
    const err = await route.adapter.run(job, fakeRunContext().ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect(seen).toEqual([['image', 'ark', (err as ImageError).reason]]);
  });

  it('are recorded for the console under image:<vendor>, apart from the chat calls; a success records its duration', async () => {
    const { calls, backend: b } = backend();
    await b.route('generate')!.adapter.run(job, fakeRunContext().ctx).catch(() => undefined);
    expect(calls.summary('image:ark')).toMatchObject({ calls: 1, errors: 1, errorRate: 1 });
    expect(calls.summary('ark').calls).toBe(0);
    const demo = createImageBackend(testConfig({}), file, { demo: true, calls });
    await demo.route('generate')!.adapter.run({ ...job, model: '', width: 256, height: 256 }, fakeRunContext().ctx);
    expect(calls.summary('image:demo')).toMatchObject({ calls: 1, errors: 0, errorRate: 0 });
    expect(calls.summary('image:demo').latencyP50Ms).toEqual(expect.any(Number));
  });

  it('are not counted when the caller aborted the run (a canceled task, a stopping worker)', async () => {
    const { seen, calls, backend: b } = backend();
    const stop = new AbortController();
    stop.abort(new Error('task canceled'));
    await expect(b.route('generate')!.adapter.run(job, fakeRunContext({ signal: stop.signal }).ctx)).rejects.toBeDefined();
    expect(seen).toEqual([]);
    expect(calls.summary('image:ark').calls).toBe(0);
  });
});
