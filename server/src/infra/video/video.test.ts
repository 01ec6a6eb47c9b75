import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KLING, FAKE_VIDEO_BYTES, startFakeVideo, type FakeVideo } from '../../../test/fake-video';
import {
  arkVideo,
  createVideoBackend,
  dashscopeVideo,
  klingToken,
  klingVideo,
  loadVideosFile,
  VideoError,
  zhipuVideo,
  type VendorTask,
  type VideoAdapter,
  type VideoJob,
} from './index';
import { join } from 'node:path';

let fake: FakeVideo;
beforeAll(async () => {
  fake = await startFakeVideo();
});
afterAll(() => fake.close());

const http = { fetch, timeoutMs: 10_000, pollMs: 5, pollMaxMs: 20 };
const picture = { bytes: Buffer.from('png-bytes'), mime: 'image/png' };
const job = (over: Partial<VideoJob> = {}): VideoJob => ({
  op: 'text2video',
  model: 'm-1',
  prompt: '西湖晨雾',
  duration: 5,
  ratio: '16:9',
  audio: true,
  ...over,
});

function runCtx(resume?: VendorTask) {
  const kept: VendorTask[] = [];
  const stages: string[] = [];
  return {
    kept,
    stages,
    ctx: {
      signal: new AbortController().signal,
      progress: async (_pct: number, s: 'queued' | 'running') => {
        stages.push(s);
      },
      keep: async (t: VendorTask) => {
        kept.push(t);
      },
      ...(resume ? { resume } : {}),
    },
  };
}

const vendors: [string, () => VideoAdapter, string][] = [
  ['zhipu', () => zhipuVideo({ apiKey: 'good-key', baseUrl: fake.base }, http), '/videos/generations'],
  ['ark', () => arkVideo({ apiKey: 'good-key', baseUrl: fake.base }, http), '/contents/generations/tasks'],
  [
    'dashscope',
    () => dashscopeVideo({ apiKey: 'good-key', baseUrl: `${fake.base}/compatible-mode/v1` }, http),
    '/api/v1/services/aigc/video-generation/video-synthesis',
  ],
  [
    'kling',
    () => klingVideo({ apiKey: FAKE_KLING.accessKey, secretKey: FAKE_KLING.secretKey, baseUrl: fake.base }, http),
    '/v1/videos/text2video',
  ],
];

describe.each(vendors)('%s video adapter', (vendor, make, submitPath) => {
  it('submits, keeps the vendor task, polls queued -> running -> unknown -> succeeded, and downloads the single-use URL at once', async () => {
    const start = fake.requests.length;
    const { ctx, kept, stages } = runCtx();
    const result = await make().run(job(), ctx);
    expect(result.video.equals(FAKE_VIDEO_BYTES)).toBe(true);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.vendor).toBe(vendor);
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const mine = fake.requests.slice(start);
    expect(mine.filter((r) => r.method === 'POST' && r.path === submitPath)).toHaveLength(1);
    const file = mine.find((r) => r.path.startsWith('/files/') && r.path.endsWith('.mp4'))!;
    expect(fake.fetches.get(file.path.slice(7))).toBe(1);
    // The URL has expired now: the task already holds the file, nothing keeps the URL.
    expect((await fetch(`${fake.base}${file.path}`)).status).toBe(403);
    expect(JSON.stringify(kept)).not.toContain('/files/');
  });

  it('ends failed with a VideoError when the vendor task fails', async () => {
    const err = await make()
      .run(job({ prompt: 'please FAIL' }), runCtx().ctx)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VideoError);
    expect((err as VideoError).kind).toBe('failed');
  });

  it('polls the kept vendor task on a re-claim instead of submitting again', async () => {
    const first = runCtx();
    await make().run(job(), first.ctx);
    const kept = first.kept[0]!;
    // Simulate a task that a crashed worker submitted: a fresh vendor task, then a re-claim.
    const start = fake.requests.length;
    const fresh = runCtx();
    const resumed = { ...kept };
    const ctx2 = runCtx();
    // First claim: submit only (abort after keep).
    const ac = new AbortController();
    await make()
      .run(job(), {
        ...fresh.ctx,
        signal: ac.signal,
        keep: async (t) => {
          fresh.kept.push(t);
          ac.abort();
        },
      })
      .catch(() => null);
    expect(fresh.kept).toHaveLength(1);
    Object.assign(resumed, fresh.kept[0]);
    const result = await make().run(job(), { ...ctx2.ctx, resume: resumed });
    expect(result.video.equals(FAKE_VIDEO_BYTES)).toBe(true);
    expect(ctx2.kept).toHaveLength(0);
    expect(fake.requests.slice(start).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a refused key is an auth error', async () => {
    const bad =
      vendor === 'kling'
        ? klingVideo({ apiKey: 'other', secretKey: 'wrong', baseUrl: fake.base }, http)
        : vendor === 'zhipu'
          ? zhipuVideo({ apiKey: 'bad', baseUrl: fake.base }, http)
          : vendor === 'ark'
            ? arkVideo({ apiKey: 'bad', baseUrl: fake.base }, http)
            : dashscopeVideo({ apiKey: 'bad', baseUrl: fake.base }, http);
    const err = await bad.run(job(), runCtx().ctx).catch((e: unknown) => e);
    expect((err as VideoError).kind).toBe('auth');
  });
});

describe('request bodies', () => {
  it('sends pictures as data URLs or base64 (never a URL of ours), with the asked duration and ratio', async () => {
    const start = fake.requests.length;
    const i2v = job({ op: 'image2video', image: picture, duration: 10 });
    await zhipuVideo({ apiKey: 'good-key', baseUrl: fake.base }, http).run(i2v, runCtx().ctx);
    await arkVideo({ apiKey: 'good-key', baseUrl: fake.base }, http).run(i2v, runCtx().ctx);
    await dashscopeVideo({ apiKey: 'good-key', baseUrl: fake.base }, http).run(i2v, runCtx().ctx);
    await klingVideo({ apiKey: FAKE_KLING.accessKey, secretKey: FAKE_KLING.secretKey, baseUrl: fake.base }, http).run(i2v, runCtx().ctx);
    const posts = fake.requests.slice(start).filter((r) => r.method === 'POST');
    const dataUrl = `data:image/png;base64,${picture.bytes.toString('base64')}`;
    expect(posts[0]!.body).toMatchObject({ model: 'm-1', image_url: dataUrl, with_audio: true, duration: 10, size: '1920x1080' });
    expect(posts[1]!.body).toMatchObject({
      model: 'm-1',
      content: [
        { type: 'text', text: '西湖晨雾 --ratio adaptive --duration 10' },
        { type: 'image_url', image_url: { url: dataUrl } },
      ],
    });
    expect(posts[2]!.body).toMatchObject({
      model: 'm-1',
      input: { prompt: '西湖晨雾', img_url: dataUrl },
      parameters: { resolution: '720P', duration: 10 },
    });
    expect(posts[3]!.path).toBe('/v1/videos/image2video');
    expect(posts[3]!.body).toMatchObject({ model_name: 'm-1', image: picture.bytes.toString('base64'), duration: '10' });
  });

  it('runs a Kling effect template (hug with two pictures) and polls under its path', async () => {
    const start = fake.requests.length;
    const out = await klingVideo({ apiKey: FAKE_KLING.accessKey, secretKey: FAKE_KLING.secretKey, baseUrl: fake.base }, http).run(
      job({ op: 'template', model: 'kling-v1-6', scene: 'hug', image: picture, image2: picture }),
      runCtx().ctx,
    );
    expect(out.video.equals(FAKE_VIDEO_BYTES)).toBe(true);
    const mine = fake.requests.slice(start);
    expect(mine[0]!.path).toBe('/v1/videos/effects');
    expect(mine[0]!.body).toMatchObject({
      effect_scene: 'hug',
      input: { model_name: 'kling-v1-6', images: [picture.bytes.toString('base64'), picture.bytes.toString('base64')] },
    });
    expect(mine.some((r) => r.method === 'GET' && r.path.startsWith('/v1/videos/effects/'))).toBe(true);
  });

  it('signs the Kling token with HS256: iss, exp in 30 minutes, nbf 5 s back', () => {
    const token = klingToken('ak', 'sk', 1_000_000);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
    expect(claims).toEqual({ iss: 'ak', exp: 1_001_800, nbf: 999_995 });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });
});

describe('video backend from videos.json', () => {
  const file = loadVideosFile(join(__dirname, '../../../catalog/videos.json'));
  const cfg = (vendors: Record<string, { apiKey?: string; baseUrl?: string }>, kling = {}) => ({
    vendors,
    video: { kling: { baseUrl: fake.base, ...kling }, timeoutMs: 60_000 },
  });

  it('routes to the first configured vendor; templates only where a vendor offers them', () => {
    const b = createVideoBackend(cfg({ zhipu: { apiKey: 'k' } }), file, { demo: false });
    expect(b.route('text2video')?.adapter.vendor).toBe('zhipu');
    expect(b.template('hug')).toBeNull();
    const k = createVideoBackend(cfg({}, FAKE_KLING), file, { demo: true });
    expect(k.demo).toBe(false);
    expect(k.template('hug')).toMatchObject({ model: 'kling-v1-6', scene: 'hug' });
    expect(k.template('face_swap_video')).toBeNull();
  });

  it('is demo with no key at all, and not enabled outside demo mode', () => {
    expect(createVideoBackend(cfg({}), file, { demo: true })).toMatchObject({ demo: true });
    const off = createVideoBackend(cfg({}), file, { demo: false });
    expect(off.demo).toBe(false);
    expect(off.route('text2video')).toBeNull();
  });
});
