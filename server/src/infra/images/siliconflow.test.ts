import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRunContext, startFakeImages, testPicture, type FakeImages } from '../../../test/fake-images';
import { createSiliconFlowAdapter } from './siliconflow';
import { ImageError, type ImageJob } from './types';

let fake: FakeImages;
beforeAll(async () => {
  fake = await startFakeImages();
});
afterAll(() => fake.close());

const adapter = (apiKey = 'k') => createSiliconFlowAdapter({ apiKey, baseUrl: fake.urls.siliconflow, timeoutMs: 10_000 });
const job = (over: Partial<ImageJob>): ImageJob => ({
  op: 'generate',
  model: 'Kwai-Kolors/Kolors',
  prompt: '雪山日出',
  width: 1024,
  height: 1024,
  count: 1,
  ...over,
});

function since() {
  const start = fake.requests.length;
  const handed = fake.files.handedOut.length;
  return { requests: () => fake.requests.slice(start), urls: () => fake.files.handedOut.slice(handed) };
}

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageError);
  return (err as ImageError).reason;
}

describe('SiliconFlow images', () => {
  it('asks Kolors for a batch at its nearest size with the negative prompt and seed, and downloads every URL once', async () => {
    const seen = since();
    const out = await adapter().run(job({ width: 768, height: 1360, count: 2, seed: 5, negativePrompt: '模糊' }), fakeRunContext().ctx);
    expect(out.map((r) => [r.mime, r.width, r.height])).toEqual([
      ['image/png', 720, 1280],
      ['image/png', 720, 1280],
    ]);
    const [req] = seen.requests();
    expect(req!.body).toEqual({
      model: 'Kwai-Kolors/Kolors',
      prompt: '雪山日出',
      negative_prompt: '模糊',
      image_size: '720x1280',
      batch_size: 2,
      seed: 5,
    });
    // Downloaded at once: each vendor URL was fetched exactly once, and is gone (403) afterwards.
    for (const url of seen.urls()) {
      expect(fake.files.fetches(url)).toBe(1);
      expect((await fetch(url)).status).toBe(403);
    }
  });

  it('loops models that make one picture a call (Qwen-Image), with a different seed each time', async () => {
    const seen = since();
    const out = await adapter().run(job({ model: 'Qwen/Qwen-Image', count: 2, seed: 100 }), fakeRunContext().ctx);
    expect(out).toHaveLength(2);
    expect(seen.requests().map((r) => [r.body.batch_size, r.body.seed, r.body.image_size])).toEqual([
      [1, 100, '1328x1328'],
      [1, 101, '1328x1328'],
    ]);
  });

  it('sends the reference picture of image to image as a data URL', async () => {
    const seen = since();
    const image = await testPicture(40, 40);
    await adapter().run(job({ op: 'img2img', image }), fakeRunContext().ctx);
    expect(seen.requests()[0]!.body.image).toBe(`data:image/png;base64,${image.bytes.toString('base64')}`);
  });

  it('maps a refused key (plain-text 401), a sensitive prompt and an overloaded model', async () => {
    expect(await reason(adapter('bad-key').run(job({}), fakeRunContext().ctx))).toBe('vendor_refused');
    expect(await reason(adapter().run(job({ prompt: '[fake:content]' }), fakeRunContext().ctx))).toBe('content_refused');
    expect(await reason(adapter().run(job({ prompt: '[fake:500]' }), fakeRunContext().ctx))).toBe('vendor_failed');
  });

  it('serves generate, img2img and edit only', () => {
    const a = adapter();
    expect(['generate', 'img2img', 'edit', 'inpaint', 'matting'].map((op) => a.supports(op as ImageJob['op']))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
