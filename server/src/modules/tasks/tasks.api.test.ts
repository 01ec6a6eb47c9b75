import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import pino from 'pino';
import { Code, MSG, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { quotaUsage } from '../quota/service';
import { saveFile } from '../files/service';
import type { RunningTaskEngine } from '../../jobs';
import { startTasks } from './lifecycle';
import { submitToolTask } from './service';

/**
 * The tasks API end to end (docs/api.md "Tasks") with the first task tool, 图片特效: submit, live
 * events in order until the end, the result file readable by its owner only and labelled as AI
 * content; owner checks, validation, the demo fault marker with its refund, cancel, retry, the cap.
 */
describe.each(testDbKinds())('tasks API on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let engine: RunningTaskEngine;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const photo = async () => {
    const body = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
      .composite([{ input: Buffer.from('<svg width="320" height="200"><circle cx="160" cy="100" r="60" fill="#ffcc00"/></svg>') }])
      .png()
      .toBuffer();
    return body;
  };
  const upload = async (userId: number, name = 'photo.png') =>
    (await saveFile(t.ctx, { userId, name, contentType: 'image/png', body: await photo(), purpose: 'upload' })).id;
  const call = async <T>(method: 'GET' | 'POST', url: string, token: string) => {
    const res = await t.app.inject({ method, url, headers: { token } });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const run = async (user: { id: number; vip: number }, inputs: Record<string, unknown>) => submitToolTask(t.ctx, user, 'aiImgEffect', inputs);

  /** Read the events stream to its end: the `task` events in order. */
  const events = async (id: string, token: string): Promise<{ status: number; list: TaskInfo[]; envelope?: unknown }> => {
    const res = await fetch(`${base}/api/v1/tasks/${id}/events`, { headers: { token } });
    if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return { status: res.status, list: [], envelope: await res.json() };
    const text = await res.text();
    const list = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: task'))
      .map((frame) => JSON.parse(frame.split('\n')[1]!.slice('data: '.length)) as TaskInfo);
    return { status: res.status, list };
  };

  it('图片特效 end to end: events in order until succeeded, a labelled result only its owner can read, one count charged', async () => {
    const { token, user } = await t.loginAs();
    const image = await upload(user.id);
    const { task_id } = await run(user, { image, effect: 'sketch' });
    const stream = await events(task_id, token);
    expect(stream.status).toBe(200);
    const states = stream.list.map((e) => e.status);
    expect(states.at(-1)).toBe('succeeded');
    // Never backwards: progress grows, a state once left is not seen again.
    const order = ['queued', 'running', 'succeeded'];
    for (let i = 1; i < stream.list.length; i++) {
      expect(stream.list[i]!.progress).toBeGreaterThanOrEqual(stream.list[i - 1]!.progress);
      expect(order.indexOf(states[i]!)).toBeGreaterThanOrEqual(order.indexOf(states[i - 1]!));
    }
    const info = (await call<TaskInfo>('GET', `/api/v1/tasks/${task_id}`, token)).body.data;
    expect(info).toMatchObject({ task_id, tool: 'aiImgEffect', status: 'succeeded', progress: 100, inputs: { image, effect: 'sketch' } });
    expect(info).not.toHaveProperty('vendor');
    const file = info.result!.files[0]!;
    expect(file).toMatchObject({ contentType: 'image/png', width: 320, height: 200, thumbUrl: `/api/v1/files/${file.id}/thumb` });
    expect(file.name).toBe('photo-素描.png');

    const mine = await t.app.inject({ method: 'GET', url: file.url, headers: { token } });
    expect(mine.statusCode).toBe(200);
    const meta = await sharp(mine.rawPayload).metadata();
    expect(meta.xmp?.toString()).toContain('TC260:AIGC');
    expect(meta.xmp?.toString()).toContain(task_id);
    expect(meta.xmp?.toString()).toContain('万象 AI');
    expect(meta.exif?.toString('latin1')).toContain('AIGC=');
    const other = await t.loginAs();
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { token: other.token } })).statusCode).toBe(404);
    expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 1, reserved: 0 });
  });

  it("another user's task answers the 404 envelope on every call, the events call included", async () => {
    const { user } = await t.loginAs();
    const { task_id } = await run(user, { image: await upload(user.id), effect: 'grayscale' });
    const other = await t.loginAs();
    const notFound = { code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null };
    for (const [method, url] of [
      ['GET', `/api/v1/tasks/${task_id}`],
      ['POST', `/api/v1/tasks/${task_id}/cancel`],
      ['POST', `/api/v1/tasks/${task_id}/retry`],
    ] as const) {
      const res = await call(method, url, other.token);
      expect([res.status, res.body]).toEqual([404, notFound]);
    }
    expect(await events(task_id, other.token)).toEqual({ status: 404, list: [], envelope: notFound });
    expect((await call<{ total: number }>('GET', '/api/v1/tasks?tool=aiImgEffect', other.token)).body.data.total).toBe(0);
  });

  it('bad input is refused in Chinese with nothing held: no image, a bad effect, someone else’s file', async () => {
    const { user } = await t.loginAs();
    const stranger = await t.loginAs();
    const theirs = await upload(stranger.user.id);
    await expect(run(user, { effect: 'sketch' })).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    await expect(run(user, { image: await upload(user.id), effect: 'nope' })).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    await expect(run(user, { image: theirs, effect: 'sketch' })).rejects.toMatchObject({ code: Code.BAD_REQUEST, message: MSG.taskFileMissing('原图') });
    await expect(submitToolTask(t.ctx, user, 'noSuchTool', {})).rejects.toMatchObject({ code: Code.NOT_FOUND });
    expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 0, reserved: 0 });
  });

  it('the demo fault marker fails the task and refunds; retry makes a new task; the list is newest first', async () => {
    const { token, user } = await t.loginAs();
    const image = await upload(user.id, '故障[demo:error=500].png');
    const { task_id } = await run(user, { image, effect: 'pixel' });
    const stream = await events(task_id, token);
    expect(stream.list.at(-1)).toMatchObject({ status: 'failed', error: MSG.imgEffectDemoFailure });
    expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 0, reserved: 0 });

    const retried = await call<{ task_id: string }>('POST', `/api/v1/tasks/${task_id}/retry`, token);
    expect(retried.status).toBe(200);
    const again = retried.body.data.task_id;
    expect(again).not.toBe(task_id);
    await expect.poll(async () => (await call<TaskInfo>('GET', `/api/v1/tasks/${again}`, token)).body.data.status, { timeout: 10_000 }).toBe('failed');
    const list = (await call<{ list: TaskInfo[]; total: number }>('GET', '/api/v1/tasks?tool=aiImgEffect&page=1', token)).body.data;
    expect(list.total).toBe(2);
    expect(list.list.map((x) => x.task_id)).toEqual([again, task_id]);
    expect(list.list[1]!.inputs).toEqual(list.list[0]!.inputs);
    expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 0, reserved: 0 });
    // A task that succeeded or is still live is not retried.
    const ok = await run(user, { image: await upload(user.id), effect: 'invert' });
    const live = await call('POST', `/api/v1/tasks/${ok.task_id}/retry`, token);
    expect(live.body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.taskNotRetryable });
  });

  it('with no worker running: tasks wait queued, the cap answers 429, cancel refunds at once', async () => {
    await engine.stop();
    try {
      const { token, user } = await t.loginAs();
      const cap = t.ctx.config.fairUse.tasksPerUser;
      const ids: string[] = [];
      for (let i = 0; i < cap; i++) ids.push((await run(user, { image: await upload(user.id), effect: 'vintage' })).task_id);
      expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 0, reserved: cap });
      await expect(run(user, { image: await upload(user.id), effect: 'vintage' })).rejects.toMatchObject({ code: Code.RATE_LIMITED, message: MSG.tasksTooMany(cap) });

      const canceled = await call<TaskInfo>('POST', `/api/v1/tasks/${ids[0]}/cancel`, token);
      expect(canceled.body.data).toMatchObject({ task_id: ids[0], status: 'canceled' });
      // A second cancel changes nothing and refunds nothing more.
      expect((await call<TaskInfo>('POST', `/api/v1/tasks/${ids[0]}/cancel`, token)).body.data.status).toBe('canceled');
      expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 0, reserved: cap - 1 });
      expect((await events(ids[0]!, token)).list.map((e) => e.status)).toEqual(['canceled']);
    } finally {
      engine = await startTasks(t.ctx, log, { workers: true });
    }
  });
});
