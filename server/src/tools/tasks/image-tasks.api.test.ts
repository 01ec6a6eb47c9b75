import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import pino from 'pino';
import { Code, MSG, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { createDemoPainter } from '../../infra/images/demo-painter';
import type { ImageAdapter, ImageBackend } from '../../infra/images';
import { finishTask, selectTask, type RunningTaskEngine } from '../../jobs';
import { saveFile } from '../../modules/files/service';
import { paidEngine } from '../../modules/tasks/payer';
import { startTasks } from '../../modules/tasks/lifecycle';
import { quotaUsage } from '../../modules/quota/service';

/**
 * The image tools through the real routes and task engine (docs/api.md "Tasks"): pictures appear
 * on the task one by one while it runs (partial results), a canceled task leaves none behind, the
 * demo fault and a missing vendor fail in Chinese with the count returned exactly once, and bad
 * forms are refused with a Chinese 400 before anything is held.
 */
describe.each(testDbKinds())('image tool tasks on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  const log = pino({ level: 'silent' });

  /** The demo painter, except that a prompt with [hold] waits at its second picture until `release`. */
  const painter = createDemoPainter();
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  let pictures = 0;
  const holding: ImageAdapter = {
    vendor: 'demo',
    supports: () => true,
    async run(job, ctx) {
      if (job.prompt.includes('[hold]') && pictures++ === 1) {
        await Promise.race([held, new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true }))]);
      }
      return painter.run(job, ctx);
    },
  };
  /** 'demo': demo mode with the holding painter; 'none': not demo and no vendor switched on. */
  let mode: 'demo' | 'none' = 'demo';
  const images: ImageBackend = {
    get demo() {
      return mode === 'demo';
    },
    route: () => (mode === 'demo' ? { adapter: holding, model: '' } : null),
  };
  const hold = () => {
    pictures = 0;
    held = new Promise<void>((r) => (release = r));
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' }, overrides: { images } });
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    release();
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const runTool = (token: string, id: string, inputs: Record<string, unknown>) => call<{ task_id: string }>('POST', `/api/v1/tools/${id}/run`, token, { inputs });
  const task = async (token: string, id: string) => (await call<TaskInfo>('GET', `/api/v1/tasks/${id}`, token)).body.data;
  const fileRows = async (userId: number) => (await t.ctx.database.db.execute(`SELECT id FROM files WHERE user_id = ${userId} AND purpose = 'result'`)) as unknown as { rows: unknown[] };

  it('text to image with 3 pictures: each shows on the task while it runs, in order, then all three when it succeeds', async () => {
    const { token, user } = await t.loginAs();
    hold();
    const submitted = await runTool(token, 'text2image', { text: '星空下的帐篷 [hold]', count: 3, seed: 1 });
    expect(submitted.status).toBe(200);
    const id = submitted.body.data.task_id;
    // The events stream, read to its end (it ends after the terminal state).
    const streamed = t.app.inject({ method: 'GET', url: `/api/v1/tasks/${id}/events`, headers: { token } });
    // The first picture is listed while the second is still being painted.
    await expect.poll(async () => (await task(token, id)).result?.files.length ?? 0, { timeout: 10_000 }).toBe(1);
    const running = await task(token, id);
    expect(running.status).toBe('running');
    expect(running.progress).toBeLessThan(100);
    const first = running.result!.files[0]!;
    expect(first).toMatchObject({ name: '文生图-1.png', contentType: 'image/png', width: 1024, height: 1024 });
    // Its owner can already open it.
    expect((await t.app.inject({ method: 'GET', url: first.url, headers: { token } })).statusCode).toBe(200);
    release();
    await expect.poll(async () => (await task(token, id)).status, { timeout: 10_000 }).toBe('succeeded');
    const done = await task(token, id);
    expect(done.result!.files.map((f) => f.name)).toEqual(['文生图-1.png', '文生图-2.png', '文生图-3.png']);
    expect(done.result!.files[0]).toEqual(first);
    // The events carried the pictures as they came: one picture while running, never fewer later, all three at the end.
    const events = (await streamed).payload
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: task'))
      .map((frame) => JSON.parse(frame.split('\n')[1]!.slice('data: '.length)) as TaskInfo);
    const counts = events.map((e) => e.result?.files.length ?? 0);
    expect(events.some((e) => e.status === 'running' && e.result?.files.length === 1 && e.result.files[0]!.id === first.id)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ status: 'succeeded' });
    expect(counts.at(-1)).toBe(3);
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });
  });

  it('canceled between pictures: refunded, and the picture already shown is deleted with the task', async () => {
    const { token, user } = await t.loginAs();
    hold();
    const id = (await runTool(token, 'text2image', { text: '雪山 [hold]', count: 2 })).body.data.task_id;
    await expect.poll(async () => (await task(token, id)).result?.files.length ?? 0, { timeout: 10_000 }).toBe(1);
    const shown = (await task(token, id)).result!.files[0]!;
    expect((await call<TaskInfo>('POST', `/api/v1/tasks/${id}/cancel`, token)).body.data).toMatchObject({ status: 'canceled' });
    await expect.poll(async () => (await fileRows(user.id)).rows.length, { timeout: 10_000 }).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: shown.url, headers: { token } })).statusCode).toBe(404);
    expect(await task(token, id)).not.toHaveProperty('result');
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    release();
  });

  it('the demo fault fails the task in Chinese and returns the count exactly once', async () => {
    const { token, user } = await t.loginAs();
    const id = (await runTool(token, 'text2image', { text: '小狗 [demo:error=500]' })).body.data.task_id;
    await expect.poll(async () => (await task(token, id)).status, { timeout: 10_000 }).toBe('failed');
    expect(await task(token, id)).toMatchObject({ error: MSG.imgDemoFailure });
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    // A late second ending (a sweep, another process) neither refunds nor charges again.
    expect(await finishTask(paidEngine(t.ctx), id, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' })).toBeNull();
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    const row = await selectTask(t.ctx.database.db, id);
    const status = (await t.ctx.database.db.execute(`SELECT status FROM quota_reservations WHERE id = '${row!.hold!.id}'`)) as unknown as { rows: { status: string }[] };
    expect(status.rows.map((r) => r.status)).toEqual(['released']);
  });

  it('paid with points (开启积分抵扣): held at submit, charged once on success, refunded once on failure, refused when short', async () => {
    const { token, user } = await t.loginAs();
    await t.ctx.database.db.execute(`UPDATE users SET points = 25 WHERE id = ${user.id}`);
    const balance = async () => ((await t.ctx.database.db.execute(`SELECT points FROM users WHERE id = ${user.id}`)) as unknown as { rows: { points: number }[] }).rows[0]!.points;
    const ledger = async () =>
      ((await t.ctx.database.db.execute(`SELECT delta, reason FROM points_ledger WHERE user_id = ${user.id} ORDER BY id`)) as unknown as { rows: { delta: number; reason: string }[] }).rows;
    // The tool page's run and the spec's call both take usePoints; 10 points each (IMAGE_POINTS.draw).
    const ok = (await call<{ task_id: string }>('POST', '/api/v1/tools/text2image/run', token, { inputs: { text: '湖边小屋' }, usePoints: true })).body.data.task_id;
    expect(await balance()).toBe(15);
    await expect.poll(async () => (await task(token, ok)).status, { timeout: 10_000 }).toBe('succeeded');
    // (The demo fault fails at once: the hold and its refund are read from the ledger below.)
    const bad = (await call<{ task_id: string }>('POST', '/api/v1/img/txt2img', token, { prompt: '小猫 [demo:error=500]', usePoints: true })).body.data.task_id;
    await expect.poll(async () => (await task(token, bad)).status, { timeout: 10_000 }).toBe('failed');
    expect(await balance()).toBe(15);
    expect(await finishTask(paidEngine(t.ctx), bad, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' })).toBeNull();
    expect(await balance()).toBe(15);
    expect(await ledger()).toEqual([
      { delta: -10, reason: 'tool' },
      { delta: -10, reason: 'tool' },
      { delta: 10, reason: 'tool_refund' },
    ]);
    // No count was held or spent for either run.
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    // Retrying the failed run pays the same way, with points.
    const again = (await call<{ task_id: string }>('POST', `/api/v1/tasks/${bad}/retry`, token)).body.data.task_id;
    await expect.poll(async () => (await task(token, again)).status, { timeout: 10_000 }).toBe('failed');
    expect(await balance()).toBe(15);
    expect((await ledger()).slice(3)).toEqual([
      { delta: -10, reason: 'tool' },
      { delta: 10, reason: 'tool_refund' },
    ]);
    // 10 points is more than a balance of 3: NO_POINTS with the price, nothing held.
    await t.ctx.database.db.execute(`UPDATE users SET points = 3 WHERE id = ${user.id}`);
    const short = await call<unknown>('POST', '/api/v1/tools/text2image/run', token, { inputs: { text: '湖' }, usePoints: true });
    expect([short.body.code, short.body.msg]).toEqual([Code.NO_POINTS, MSG.pointsNotEnoughRun(10)]);
    expect(await balance()).toBe(3);
    // Without the switch the same run holds a count as before.
    const counted = (await runTool(token, 'text2image', { text: '湖' })).body.data.task_id;
    await expect.poll(async () => (await task(token, counted)).status, { timeout: 10_000 }).toBe('succeeded');
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });
    expect(await balance()).toBe(3);
  });

  it('not demo mode and no vendor for the operation: 运营方尚未开通, refunded', async () => {
    const { token, user } = await t.loginAs();
    mode = 'none';
    try {
      const id = (await runTool(token, 'qrcode', { content: 'https://example.com', text: '花园' })).body.data.task_id;
      await expect.poll(async () => (await task(token, id)).status, { timeout: 10_000 }).toBe('failed');
      expect((await task(token, id)).error).toBe(MSG.imgNotEnabled('艺术二维码'));
      expect(await quotaUsage(t.ctx, user.id, 'draw_qrcode')).toEqual({ used: 0, reserved: 0 });
    } finally {
      mode = 'demo';
    }
  });

  it('refuses bad forms with a Chinese 400 and holds nothing', async () => {
    const { token, user } = await t.loginAs();
    const upload = async (name: string, contentType: string, body: Buffer) => (await saveFile(t.ctx, { userId: user.id, name, contentType, body, purpose: 'upload' })).id;
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } }).png().toBuffer();
    const refused = async (id: string, inputs: Record<string, unknown>, msg: string) => {
      const res = await runTool(token, id, inputs);
      expect([res.status, res.body.code, res.body.msg], id).toEqual([400, Code.BAD_REQUEST, msg]);
    };
    await refused('text2image', {}, MSG.toolInputRequired('画面描述'));
    await refused('text2image', { text: '猫'.repeat(1001) }, MSG.toolInputTooLong('画面描述', 1000));
    await refused('text2image', { text: '猫', count: 5 }, MSG.toolInputNumberRange('生成张数', 1, 4));
    await refused('text2image', { text: '猫', style: '赛博' }, MSG.toolInputBadOption('风格'));
    await refused('text2image', { text: '猫', size: '2:1' }, MSG.toolInputBadOption('尺寸比例'));
    await refused('image2image', { image: await upload('a.gif', 'image/gif', png) }, MSG.taskFileWrongType('原图', 'jpg、jpeg、png、webp'));
    await refused('aiImageErase', { image: await upload('a.png', 'image/png', png) }, MSG.toolInputRequired('涂抹区域'));
    await refused('aiInkandWash', {}, MSG.imgNeedTextOrImage);
    await refused('aiChangeFace', { image: await upload('b.png', 'image/png', png), face: await upload('c.png', 'image/png', png) }, MSG.toolInputRequired(toolConsent()));
    const stranger = await t.loginAs();
    const theirs = (await saveFile(t.ctx, { userId: stranger.user.id, name: 'x.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    await refused('aiImageErase', { image: await upload('d.png', 'image/png', png), mask: theirs }, MSG.taskFileMissing('涂抹区域'));
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
  });

  it('a face tool with its consent ticked fails at once: no licensed face vendor, refunded', async () => {
    const { token, user } = await t.loginAs();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } }).png().toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'me.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const id = (await runTool(token, 'graduation', { image, consent: true })).body.data.task_id;
    await expect.poll(async () => (await task(token, id)).status, { timeout: 10_000 }).toBe('failed');
    expect((await task(token, id)).error).toBe(MSG.imgFaceNotEnabled('AI毕业照'));
    expect(await quotaUsage(t.ctx, user.id, 'draw_face')).toEqual({ used: 0, reserved: 0 });
  });
});

/** The face tools' consent line, as the form names it in a refusal. */
function toolConsent(): string {
  return '我确认照片中的人物是本人或已获得其授权，并同意仅将结果用于合法用途';
}
