import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import { Code, MSG, type Envelope } from '@wanxiang/contract';
import { ConfigError, testConfig } from '../src/config';
import { createContext, type AppContext } from '../src/context';
import { saveFile } from '../src/modules/files/service';
import { startWorkerRole, type RunningWorkerRole } from '../src/worker-role';
import { createTestApp, type TestApp } from './app';
import { testDbKinds } from './db';
import { readScrape, type Scrape } from './prometheus';
import { taskEnded } from './task-poll';

/**
 * The worker role's GET /metrics (docs/operations.md "Workers"): a web app that runs no task workers (as TASK_WORKERS=off
 * does) and, beside it on the same database and key-value store, the worker role's pieces (worker-role.ts, what
 * `npm run worker` starts) over a context of their own, so the worker's registry holds only what the worker did. A task
 * submitted through the app runs on the worker; its listener, scraped over real HTTP and read by the Prometheus text
 * parser, shows the task counted; without the token it answers 401.
 */
const TOKEN = 'worker-scrape-0123456789abcdef';
const ENV = { METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '0', WORKER_METRICS_HOST: '127.0.0.1', TASK_POLL_MAX_MS: '100' };

describe.each(testDbKinds())('worker metrics listener on %s', (kind) => {
  let t: TestApp;
  let workerCtx: AppContext;
  let worker: RunningWorkerRole;
  let base = '';

  beforeAll(async () => {
    // The web process: its background work is the quota reaper only, so no task runs here.
    t = await createTestApp(kind, { env: ENV });
    const log = pino({ level: 'silent' });
    workerCtx = await createContext(t.ctx.config, log, { database: t.ctx.database, kv: t.ctx.kv, sms: t.sms, catalog: t.ctx.catalog });
    worker = await startWorkerRole(workerCtx, log);
    base = `http://127.0.0.1:${worker.metricsPort}`;
  });
  afterAll(async () => {
    await worker?.stop(0);
    // The database and the store are the app's: it closes them; the worker's own parts close here.
    workerCtx?.shutdown.abort();
    await workerCtx?.llm.close();
    workerCtx?.metrics.close();
    await t?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  const scrape = async (): Promise<Scrape> => {
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return readScrape(await res.text());
  };

  it('listens on the port it was given and refuses a scrape without the token (401, the envelope, no numbers)', async () => {
    expect(worker.metricsPort).toBeGreaterThan(0);
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }];
    for (const headers of refused) {
      const res = await get('/metrics', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ code: Code.UNAUTHORIZED, msg: MSG.metricsTokenInvalid, data: null });
      expect(body).not.toContain('wanxiang_');
    }
    // Nothing but /metrics is served: no API, no web app.
    const other = await get('/api/health');
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ code: Code.NOT_FOUND, msg: MSG.notFound, data: null });
  });

  it('serves the text format: process metrics, the live tasks gauge, the task families', async () => {
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const s = readScrape(await res.text());
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(s.family(name), name).toBeDefined();
    }
    expect(s.family('wanxiang_tasks')?.type).toBe('GAUGE');
    expect(s.family('wanxiang_tasks_finished_total')?.type).toBe('COUNTER');
    expect(s.histograms.has('wanxiang_task_queue_wait_seconds')).toBe(true);
    expect(s.histograms.has('wanxiang_task_duration_seconds')).toBe(true);
    expect(s.sample('wanxiang_tasks', { state: 'queued' })?.value).toBeDefined();
    expect(s.sample('wanxiang_tasks', { state: 'running' })?.value).toBeDefined();
  });

  it('a task submitted on the web app runs on the worker: its wait, end and duration counted on the worker', async () => {
    const { token, user } = await t.loginAs();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa6633' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'photo.png', contentType: 'image/png', body: png, purpose: 'upload' }))
      .id;
    const before = await scrape();
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tools/aiImgEffect/run',
      headers: { token },
      payload: { inputs: { image, effect: 'sketch' } },
    });
    expect(run.statusCode).toBe(200);
    const { task_id } = run.json<Envelope<{ task_id: string }>>().data;
    expect((await taskEnded(t, task_id, token)).status).toBe('succeeded');
    const after = await scrape();

    expect(
      after.value('wanxiang_tasks_finished_total', { state: 'succeeded' }) -
        before.value('wanxiang_tasks_finished_total', { state: 'succeeded' }),
    ).toBe(1);
    expect(after.histogram('wanxiang_task_queue_wait_seconds').count - before.histogram('wanxiang_task_queue_wait_seconds').count).toBe(1);
    const duration = { kind: 'aiImgEffect', state: 'succeeded' };
    expect(
      after.histogram('wanxiang_task_duration_seconds', duration).count -
        before.histogram('wanxiang_task_duration_seconds', duration).count,
    ).toBe(1);
    expect(after.histogram('wanxiang_task_duration_seconds', duration).sum).toBeGreaterThanOrEqual(0);
    expect(after.value('wanxiang_tasks', { state: 'running' })).toBe(0);
    expect(after.value('wanxiang_tasks', { state: 'queued' })).toBe(0);
    // The web app's requests are the web process's numbers, not the worker's.
    expect(after.sample('wanxiang_http_requests_total')).toBeUndefined();
  });
});

describe('worker metrics settings', () => {
  it('off unless WORKER_METRICS_PORT is set; a port without METRICS_TOKEN refuses to start', () => {
    expect(testConfig().workerMetrics).toEqual({ port: undefined, host: '0.0.0.0' });
    expect(testConfig({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '' }).workerMetrics.port).toBeUndefined();
    expect(testConfig({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '9464', WORKER_METRICS_HOST: '10.0.0.5' }).workerMetrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => testConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(ConfigError);
    expect(() => testConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(/WORKER_METRICS_PORT needs METRICS_TOKEN/);
    expect(() => testConfig({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '70000' })).toThrow(ConfigError);
  });
});
