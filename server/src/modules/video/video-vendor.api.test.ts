import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_EMOTE_ID, VIDEO_HUG_ID, type Envelope } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { FAKE_KLING, startFakeVideo, type FakeVideo } from '../../../test/fake-video';
import { taskEnded } from '../../../test/task-poll';
import { catalogFile } from '../../catalog';
import { probeBytes } from '../../infra/av';
import { createVideoBackend, loadVideosFile, VIDEO_STATE } from '../../infra/video';
import { selectTask, type RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * A vendor's video through the real task engine: Kling (a local fake) routed by the shipped
 * videos.json serves 文生视频 and the AI拥抱 template; the task keeps the vendor task id (never
 * the result URL), the single-use result is downloaded once and re-encoded by us with the labels.
 */
describe('video tools through a vendor (Kling fake)', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let fake: FakeVideo;
  const dir = mkdtempSync(join(tmpdir(), 'video-vendor-'));

  beforeAll(async () => {
    const src = join(dir, 'v.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      src,
    ]);
    fake = await startFakeVideo({ video: readFileSync(src) });
    t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' } });
    const file = loadVideosFile(catalogFile(undefined, 'videos.json'));
    t.ctx.moduleStates.get(VIDEO_STATE, () =>
      createVideoBackend({ vendors: {}, video: { kling: { ...FAKE_KLING, baseUrl: fake.base }, timeoutMs: 60_000 } }, file, {
        demo: true,
        http: { fetch, timeoutMs: 10_000, pollMs: 10, pollMaxMs: 40 },
      }),
    );
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async <T>(url: string, token: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const member = async () => {
    const login = await t.loginAs();
    await t.ctx.database.db.execute(`UPDATE users SET points = 200 WHERE id = ${login.user.id}`);
    return login;
  };

  it('文生视频: the vendor task id is kept, the result downloaded once and labelled (not 演示)', async () => {
    const { token } = await member();
    const sub = await call<{ id: string }>('/api/v1/video/create', token, { prompt: '雨夜的霓虹街道', ratio: '9:16', usePoints: true });
    expect(sub.status).toBe(200);
    const info = await taskEnded(t, sub.body.data.id, token, { timeout: 60_000, interval: 200 });
    expect(info.status).toBe('succeeded');
    const row = await selectTask(t.ctx.database.db, sub.body.data.id);
    expect(row!.vendor).toMatchObject({ vendor: 'kling', pollPath: '/v1/videos/text2video' });
    expect(JSON.stringify(row!.vendor)).not.toContain('/files/');
    const submitted = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/videos/text2video');
    expect(submitted!.body).toMatchObject({ model_name: 'kling-v2-1-master', aspect_ratio: '9:16', duration: '5' });
    const video = info.result!.files.find((f) => f.contentType === 'video/mp4')!;
    expect(video.name).not.toContain('演示');
    const facts = await probeBytes((await t.app.inject({ method: 'GET', url: video.url, headers: { token } })).rawPayload);
    expect(facts?.video?.codec).toBe('h264');
    expect(facts?.audio?.codec).toBe('aac');
    expect(facts!.tags.aigc).toContain(sub.body.data.id);
    expect([...fake.fetches.values()].every((n) => n === 1)).toBe(true);
  }, 90_000);

  it('AI拥抱 runs through Kling effects with both pictures; 表情定制 sends the chosen scene', async () => {
    const { token, user } = await member();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'a.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const hug = await call<{ task_id: string }>(`/api/v1/tools/${VIDEO_HUG_ID}/run`, token, {
      inputs: { image, image2: image, consent: true },
      usePoints: true,
    });
    expect(hug.status).toBe(200);
    expect((await taskEnded(t, hug.body.data.task_id, token, { timeout: 60_000, interval: 200 })).status).toBe('succeeded');
    const emote = await call<{ task_id: string }>(`/api/v1/tools/${VIDEO_EMOTE_ID}/run`, token, {
      inputs: { image, scene: 'squish', consent: true },
      usePoints: true,
    });
    expect((await taskEnded(t, emote.body.data.task_id, token, { timeout: 60_000, interval: 200 })).status).toBe('succeeded');
    const effects = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/videos/effects');
    expect(effects[0]!.body).toMatchObject({
      effect_scene: 'hug',
      input: { model_name: 'kling-v1-6', images: [png.toString('base64'), png.toString('base64')] },
    });
    expect(effects[1]!.body).toMatchObject({ effect_scene: 'squish', input: { image: png.toString('base64') } });
  }, 90_000);
});
