import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, VIDEO_HUG_ID, VIDEO_IMAGE_ID, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { taskEnded } from '../../../test/task-poll';
import { probeBytes } from '../../infra/av';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * The video calls and tools through the real routes and task engine in demo mode (no vendor key):
 * a generated video is a real H.264/AAC MP4 of demo pictures with the demo narration, 5-10 s, with
 * the AIGC tag and a poster; templates no vendor offers are refused before anything is held;
 * another user's task is not found; a failed run gives its points back once.
 */
describe('video calls and tools (demo mode)', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const withPoints = async (points: number) => {
    const login = await t.loginAs();
    await t.ctx.database.db.execute(`UPDATE users SET points = ${points} WHERE id = ${login.user.id}`);
    return login;
  };
  const pointsOf = async (id: number) =>
    Number(
      ((await t.ctx.database.db.execute(`SELECT points FROM users WHERE id = ${id}`)) as unknown as { rows: { points: number }[] }).rows[0]!
        .points,
    );
  const fileBytes = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).rawPayload;
  const ended = (id: string, token: string) => taskEnded(t, id, token, { timeout: 90_000, interval: 250 });

  it('create: text to video in demo mode is an H.264 + AAC MP4 of 5 s with the AIGC tag and a poster, paid with points; query and get_wav answer only its owner', async () => {
    const { token, user } = await withPoints(100);
    const sub = await call<{ id: string; task_id: string }>('POST', '/api/v1/video/create', token, {
      prompt: '清晨的西湖，薄雾缭绕',
      duration: 5,
      style: '电影感',
      usePoints: true,
    });
    expect(sub.status).toBe(200);
    const info = await ended(sub.body.data.id, token);
    expect(info.status).toBe('succeeded');
    const q = await call<{ status: string; video_url: string; cover_url: string; text: string }>('POST', '/api/v1/video/query', token, {
      id: sub.body.data.id,
    });
    expect(q.body.data).toMatchObject({ status: 'succeeded' });
    expect(q.body.data.text).toContain('演示');
    const mp4 = await fileBytes(token, q.body.data.video_url);
    const facts = await probeBytes(mp4);
    expect(facts?.video?.codec).toBe('h264');
    expect(facts?.audio?.codec).toBe('aac');
    expect(facts!.duration).toBeGreaterThanOrEqual(4.8);
    expect(facts!.duration).toBeLessThanOrEqual(10.2);
    expect(facts!.tags.aigc).toContain(sub.body.data.id);
    const poster = await fileBytes(token, q.body.data.cover_url);
    expect(poster.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(await pointsOf(user.id)).toBe(60);

    const wav = await t.app.inject({ method: 'POST', url: '/api/v1/video/get_wav', headers: { token }, payload: { id: sub.body.data.id } });
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const other = await t.loginAs();
    expect((await call('POST', '/api/v1/video/query', other.token, { id: sub.body.data.id })).body.msg).toBe(MSG.vgTaskNotFound);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/video/get_wav',
          headers: { token: other.token },
          payload: { id: sub.body.data.id },
        })
      ).statusCode,
    ).toBe(404);
  }, 120_000);

  it('image to video: the user picture zoomed for 10 s with narration', async () => {
    const { token, user } = await withPoints(100);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'p.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const sub = await call<{ task_id: string }>('POST', `/api/v1/tools/${VIDEO_IMAGE_ID}/run`, token, {
      inputs: { image, text: '画面缓缓推进', duration: '10' },
      usePoints: true,
    });
    expect(sub.status).toBe(200);
    const info = await ended(sub.body.data.task_id, token);
    expect(info.status).toBe('succeeded');
    const video = info.result!.files.find((f) => f.contentType === 'video/mp4')!;
    expect(video.thumbUrl).toBeTruthy();
    const facts = await probeBytes(await fileBytes(token, video.url));
    expect(facts!.duration).toBeGreaterThanOrEqual(9.5);
    expect(facts!.duration).toBeLessThanOrEqual(10.5);
    expect(facts?.audio).toBeTruthy();
  }, 120_000);

  it('a template no vendor offers is refused in Chinese before anything is held', async () => {
    const { token, user } = await withPoints(100);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'a.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const res = await call('POST', `/api/v1/tools/${VIDEO_HUG_ID}/run`, token, {
      inputs: { image, image2: image, consent: true },
      usePoints: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MSG.vgNotEnabled('AI拥抱'));
    expect(await pointsOf(user.id)).toBe(100);
    const tasks = (await t.ctx.database.db.execute(`SELECT id FROM tasks WHERE user_id = ${user.id}`)) as unknown as { rows: unknown[] };
    expect(tasks.rows).toHaveLength(0);
  });

  it('count: a free user has no daily ai_video counts, the points price is 40; a run without points is refused', async () => {
    const { token } = await withPoints(7);
    const res = await call<{ limit: number; remaining: number; points_price: number; points: number; demo: boolean }>(
      'POST',
      '/api/v1/video/count',
      token,
    );
    expect(res.body.data).toMatchObject({ limit: 0, remaining: 0, points_price: 40, points: 7, demo: true });
    const noCount = await call('POST', '/api/v1/video/create', token, { prompt: '海边日落' });
    expect(noCount.body.code).toBe(Code.NO_COUNT);
    const noPoints = await call('POST', '/api/v1/video/create', token, { prompt: '海边日落', usePoints: true });
    expect(noPoints.body.code).toBe(Code.NO_POINTS);
    expect((await call('POST', '/api/v1/video/count', null)).status).toBe(401);
  });

  it('bad input is a Chinese 400: no prompt, no id', async () => {
    const { token } = await withPoints(100);
    const empty = await call('POST', '/api/v1/video/process_video', token, { prompt: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const noId = await call('POST', '/api/v1/video/query', token, {});
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toBe(MSG.vgIdRequired);
  });

  it('a failed run ([demo:error=500]) fails in Chinese and gives the points back once', async () => {
    const { token, user } = await withPoints(100);
    const sub = await call<{ id: string }>('POST', '/api/v1/video/process_video', token, {
      prompt: '失败一次 [demo:error=500]',
      usePoints: true,
    });
    const info: TaskInfo = await ended(sub.body.data.id, token);
    expect(info.status).toBe('failed');
    expect(info.error).toBe(MSG.vgDemoFailure);
    expect(await pointsOf(user.id)).toBe(100);
    // Whatever the hold wrote to the ledger, the refund matched it exactly, once.
    const ledger = (await t.ctx.database.db.execute(
      `SELECT coalesce(sum(delta), 0)::int AS net, count(*) FILTER (WHERE delta > 0)::int AS back FROM points_ledger WHERE user_id = ${user.id}`,
    )) as unknown as { rows: { net: number; back: number }[] };
    expect(ledger.rows[0]!.net).toBe(0);
    expect(ledger.rows[0]!.back).toBeLessThanOrEqual(1);
  }, 120_000);

  it('deep_danbooru answers honest 演示 tags in demo mode; the model call says what answers', async () => {
    const { token, user } = await withPoints(0);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'a.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const res = await call<{ tags: string[]; demo: boolean; note: string }>('POST', '/api/v1/video/deep_danbooru', token, { image });
    expect(res.body.data).toMatchObject({ demo: true, note: MSG.vgTagsDemo });
    expect(res.body.data.tags).toContain('landscape');
    expect((await call('POST', '/api/v1/video/deep_danbooru', token, {})).body.msg).toBe(MSG.vgImageRequired);
    const model = await call<{ demo: boolean }>('GET', '/api/v1/video/deep_danbooru_model', token);
    expect(model.body.data.demo).toBe(true);
  });
});
