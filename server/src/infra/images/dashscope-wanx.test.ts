import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRunContext, halfMask, startFakeImages, testPicture, type FakeImages } from '../../../test/fake-images';
import { createDashScopeWanxAdapter } from './dashscope-wanx';
import { ImageError, type ImageJob } from './types';

let fake: FakeImages;
beforeAll(async () => {
  fake = await startFakeImages();
});
afterAll(() => fake.close());

// Polls every few milliseconds here; the real backoff is 1 s growing to 5 s.
const adapter = (apiKey = 'k') =>
  createDashScopeWanxAdapter({ apiKey, baseUrl: fake.urls.dashscope, timeoutMs: 10_000 }, { firstMs: 5, maxMs: 20 });
const job = (over: Partial<ImageJob>): ImageJob => ({
  op: 'generate',
  model: 'wanx2.1-t2i-turbo',
  prompt: '一只熊猫',
  width: 1024,
  height: 1024,
  count: 1,
  ...over,
});

function since() {
  const start = fake.requests.length;
  const handed = fake.files.handedOut.length;
  const submits = fake.dashscope.submits;
  return {
    requests: () => fake.requests.slice(start),
    urls: () => fake.files.handedOut.slice(handed),
    submits: () => fake.dashscope.submits - submits,
  };
}

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageError);
  return (err as ImageError).reason;
}

describe('DashScope Wanx text to image', () => {
  it('submits async on the chat base URL origin, keeps the task id, polls through PENDING and downloads the results once', async () => {
    const seen = since();
    const { ctx, kept, progress } = fakeRunContext();
    const out = await adapter().run(
      job({ prompt: '一只熊猫 [fake:pending=3]', negativePrompt: '文字', width: 1600, height: 900, count: 2, seed: 9 }),
      ctx,
    );
    expect(out.map((r) => [r.width, r.height])).toEqual([
      [1440, 808],
      [1440, 808],
    ]);
    const [req] = seen.requests();
    expect(req!.path).toBe('/api/v1/services/aigc/text2image/image-synthesis');
    expect(req!.body).toEqual({
      model: 'wanx2.1-t2i-turbo',
      input: { prompt: '一只熊猫 [fake:pending=3]', negative_prompt: '文字' },
      parameters: { size: '1440*808', n: 2, seed: 9 },
    });
    expect(kept).toHaveLength(1);
    const taskId = kept[0]!.taskId as string;
    expect(fake.dashscope.polls.get(taskId)).toBe(4);
    expect(progress.some(([, stage]) => stage === '排队中')).toBe(true);
    // The vendor URLs were fetched once each and have expired since; our pictures are intact.
    for (const url of seen.urls()) {
      expect(fake.files.fetches(url)).toBe(1);
      expect((await fetch(url)).status).toBe(403);
    }
    for (const r of out) expect((await sharp(r.bytes).metadata()).format).toBe('png');
  });

  it('treats a status it does not know as still running, and rides out a failed poll', async () => {
    expect(await adapter().run(job({ prompt: '熊猫 [fake:unknown]' }), fakeRunContext().ctx)).toHaveLength(1);
    expect(await adapter().run(job({ prompt: '熊猫 [fake:flaky]' }), fakeRunContext().ctx)).toHaveLength(1);
  });

  it('maps FAILED with a content code to content_refused, other failures to vendor_failed, a refused submit and a bad key', async () => {
    expect(await reason(adapter().run(job({ prompt: '[fake:content]' }), fakeRunContext().ctx))).toBe('content_refused');
    expect(await reason(adapter().run(job({ prompt: '[fake:fail]' }), fakeRunContext().ctx))).toBe('vendor_failed');
    expect(await reason(adapter().run(job({ prompt: '[fake:submit-content]' }), fakeRunContext().ctx))).toBe('content_refused');
    expect(await reason(adapter('bad-key').run(job({}), fakeRunContext().ctx))).toBe('vendor_refused');
  });

  it('resumes the kept vendor task without submitting again', async () => {
    const seen = since();
    // First claim: submitted, task id kept, then the worker dies (the signal aborts) while it polls.
    const ac = new AbortController();
    const first = fakeRunContext({ signal: ac.signal, onKeep: () => ac.abort(new Error('worker stopping')) });
    await expect(adapter().run(job({ prompt: '熊猫 [fake:pending=2]' }), first.ctx)).rejects.toThrow('worker stopping');
    expect(seen.submits()).toBe(1);
    // Second claim: polls the same vendor task.
    const second = fakeRunContext({ resumeState: first.kept[0] });
    const out = await adapter().run(job({ prompt: '熊猫 [fake:pending=2]' }), second.ctx);
    expect(out).toHaveLength(1);
    expect(seen.submits()).toBe(1);
    expect(second.kept).toEqual([]);
    expect(fake.dashscope.polls.get(first.kept[0]!.taskId as string)).toBe(3);
  });

  it('stops polling when the signal aborts', async () => {
    const ac = new AbortController();
    const { ctx, kept } = fakeRunContext({ signal: ac.signal });
    const run = adapter().run(job({ prompt: '熊猫 [fake:forever]' }), ctx);
    await new Promise((r) => setTimeout(r, 100));
    ac.abort(new Error('task canceled'));
    await expect(run).rejects.toThrow('task canceled');
    const id = kept[0]!.taskId as string;
    const polls = fake.dashscope.polls.get(id)!;
    expect(polls).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.dashscope.polls.get(id)).toBe(polls);
  });
});

describe('DashScope Wanx time limit', () => {
  it('gives up on a vendor task still running after IMAGE_TIMEOUT_MS', async () => {
    const quick = createDashScopeWanxAdapter({ apiKey: 'k', baseUrl: fake.urls.dashscope, timeoutMs: 150 }, { firstMs: 5, maxMs: 20 });
    expect(await reason(quick.run(job({ prompt: '熊猫 [fake:forever]' }), fakeRunContext().ctx))).toBe('network');
  });
});

describe('DashScope Wanx image edit (wanx2.1-imageedit)', () => {
  const edit = (over: Partial<ImageJob>) => job({ model: 'wanx2.1-imageedit', ...over });

  it('inpaints with description_edit_with_mask: picture and mask as data URLs of the same size', async () => {
    const seen = since();
    const image = await testPicture(640, 512);
    const out = await adapter().run(edit({ op: 'inpaint', prompt: '一只猫', image, mask: await halfMask(320, 256) }), fakeRunContext().ctx);
    expect(out[0]).toMatchObject({ width: 640, height: 512 });
    const body = seen.requests()[0]!.body as { input: Record<string, string>; parameters: Record<string, unknown> };
    expect(seen.requests()[0]!.path).toBe('/api/v1/services/aigc/image2image/image-synthesis');
    expect(body.input.function).toBe('description_edit_with_mask');
    expect(body.input.base_image_url).toBe(`data:image/png;base64,${image.bytes.toString('base64')}`);
    const mask = await sharp(Buffer.from(body.input.mask_image_url!.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height]).toEqual([640, 512]);
    expect(mask.data[0]).toBe(255); // left half: repaint (white)
    expect(mask.data[(mask.info.width - 1) * mask.info.channels]).toBe(0);
  });

  it('expands by margins turned into side ratios, upscales by the factor, colourises with a stand-in prompt', async () => {
    const seen = since();
    const image = await testPicture(600, 400);
    const wide = await adapter().run(
      edit({ op: 'expand', prompt: '', image, expand: { top: 100, bottom: 100, left: 0, right: 300 } }),
      fakeRunContext().ctx,
    );
    expect(wide[0]).toMatchObject({ width: 900, height: 600 });
    const big = await adapter().run(edit({ op: 'upscale', prompt: '', image, scale: 2 }), fakeRunContext().ctx);
    expect(big[0]).toMatchObject({ width: 1200, height: 800 });
    await adapter().run(edit({ op: 'colorize', prompt: '', image }), fakeRunContext().ctx);
    const [expand, upscale, colorize] = seen
      .requests()
      .map((r) => r.body as { input: Record<string, string>; parameters: Record<string, unknown> });
    expect(expand!.parameters).toMatchObject({ top_scale: 1.25, bottom_scale: 1.25, left_scale: 1, right_scale: 1.5, n: 1 });
    expect(upscale!.input.function).toBe('super_resolution');
    expect(upscale!.parameters.upscale_factor).toBe(2);
    expect(colorize!.input).toMatchObject({ function: 'colorization' });
    expect(colorize!.input.prompt!.length).toBeGreaterThan(0);
  });

  it('runs the operations Wanx has, and not the others', () => {
    const a = adapter();
    expect(
      ['generate', 'edit', 'inpaint', 'expand', 'upscale', 'colorize', 'lineart', 'matting', 'qrcode', 'pose'].map((op) => a.supports(op as ImageJob['op'])),
    ).toEqual([true, true, true, true, true, true, true, false, false, false]);
  });
});

describe('DashScope Wanx sketch to image (涂鸦作画, wanx-sketch-to-image-lite)', () => {
  it('sends the drawing as the sketch, as drawn, at the one size the model has; strength turned into sketch_weight', async () => {
    const seen = since();
    const sketch = await testPicture(500, 300);
    const out = await adapter().run(
      job({ op: 'lineart', model: 'wanx-sketch-to-image-lite', prompt: '水墨风格，一只猫在屋顶', image: sketch, strength: 0.3, count: 2, seed: 7 }),
      fakeRunContext().ctx,
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ width: 768, height: 768 });
    const [request] = seen.requests();
    expect(request!.path).toBe('/api/v1/services/aigc/image2image/image-synthesis');
    const body = request!.body as { model: string; input: Record<string, string>; parameters: Record<string, unknown> };
    expect(body.model).toBe('wanx-sketch-to-image-lite');
    expect(body.input).toEqual({ sketch_image_url: `data:image/png;base64,${sketch.bytes.toString('base64')}`, prompt: '水墨风格，一只猫在屋顶' });
    expect(body.parameters).toEqual({ size: '768*768', n: 2, sketch_weight: 7, style: '<auto>', sketch_extraction: false, seed: 7 });
    expect(body.input).not.toHaveProperty('function');
  });

  it('keeps to the lines fully when no strength is given, and stands in a prompt when the form had none', async () => {
    const seen = since();
    await adapter().run(job({ op: 'lineart', model: 'wanx-sketch-to-image-lite', prompt: ' ', image: await testPicture(64, 64) }), fakeRunContext().ctx);
    const body = seen.requests()[0]!.body as { input: Record<string, string>; parameters: Record<string, unknown> };
    expect(body.parameters.sketch_weight).toBe(10);
    expect(body.input.prompt!.length).toBeGreaterThan(0);
  });
});
