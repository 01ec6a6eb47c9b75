import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRunContext, halfMask, startFakeImages, testPicture, type FakeImages } from '../../../test/fake-images';
import { createOpenAiImagesAdapter, type OpenAiImagesVendor } from './openai-images';
import { ImageError, type ImageJob } from './types';

let fake: FakeImages;
beforeAll(async () => {
  fake = await startFakeImages();
});
afterAll(() => fake.close());

const adapter = (vendor: OpenAiImagesVendor, over: { apiKey?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  createOpenAiImagesAdapter(vendor, { apiKey: 'k', baseUrl: fake.urls[vendor], timeoutMs: 10_000, ...over });

const job = (over: Partial<ImageJob>): ImageJob => ({
  op: 'generate',
  model: 'gpt-image-1',
  prompt: '江南水乡',
  width: 1024,
  height: 1024,
  count: 1,
  ...over,
});

/** Requests the fake recorded from here on. */
function since() {
  const start = fake.requests.length;
  return () => fake.requests.slice(start);
}

async function failure(p: Promise<unknown>): Promise<ImageError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageError);
  return err as ImageError;
}

describe('OpenAI images protocol: OpenAI', () => {
  it('asks gpt-image for n pictures in one call, at the nearest allowed size, without response_format, and decodes the base64', async () => {
    const seen = since();
    const { ctx, progress } = fakeRunContext();
    const out = await adapter('openai').run(job({ width: 1200, height: 800, count: 2 }), ctx);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ mime: 'image/png', width: 1536, height: 1024 });
    const reqs = seen();
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.body).toMatchObject({ model: 'gpt-image-1', prompt: '江南水乡', size: '1536x1024', n: 2 });
    expect(reqs[0]!.body).not.toHaveProperty('response_format');
    expect(progress.length).toBeGreaterThan(0);
  });

  it('loops dall-e-3 (one picture a call) and asks it for b64_json', async () => {
    const seen = since();
    const out = await adapter('openai').run(job({ model: 'dall-e-3', width: 576, height: 1024, count: 2 }), fakeRunContext().ctx);
    expect(out.map((r) => [r.width, r.height])).toEqual([
      [1024, 1792],
      [1024, 1792],
    ]);
    expect(seen().map((r) => r.body)).toEqual([
      expect.objectContaining({ size: '1024x1792', response_format: 'b64_json' }),
      expect.objectContaining({ size: '1024x1792', response_format: 'b64_json' }),
    ]);
    expect(seen()[0]!.body).not.toHaveProperty('n');
  });

  it('inpaints through multipart /images/edits with our white=repaint mask turned into transparent=repaint', async () => {
    const seen = since();
    const image = await testPicture(64, 48);
    const mask = await halfMask(64, 48);
    const out = await adapter('openai').run(job({ op: 'inpaint', prompt: '换成一只猫', image, mask }), fakeRunContext().ctx);
    expect(out).toHaveLength(1);
    const [req] = seen();
    expect(req!.path).toBe('/images/edits');
    expect(req!.body).toMatchObject({ model: 'gpt-image-1', prompt: '换成一只猫', n: '1' });
    const { data, info } = await sharp(req!.files!.mask!).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(5, 10)).toBe(0); // white in our mask: repaint
    expect(alphaAt(60, 10)).toBe(255); // black: keep
    expect(req!.files!.image!.equals(image.bytes)).toBe(true);
  });

  it('maps refusals: 401 -> vendor_refused, content_policy_violation -> content_refused, 500 -> vendor_failed, non-JSON -> bad_answer', async () => {
    expect((await failure(adapter('openai', { apiKey: 'bad-key' }).run(job({}), fakeRunContext().ctx))).reason).toBe('vendor_refused');
    expect((await failure(adapter('openai').run(job({ prompt: 'x [fake:content]' }), fakeRunContext().ctx))).reason).toBe(
      'content_refused',
    );
    expect((await failure(adapter('openai').run(job({ prompt: 'x [fake:500]' }), fakeRunContext().ctx))).reason).toBe('vendor_failed');
    expect((await failure(adapter('openai').run(job({ prompt: 'x [fake:garbage]' }), fakeRunContext().ctx))).reason).toBe('bad_answer');
  });
});

describe('OpenAI images protocol: Ark', () => {
  it('loops Seedream (no n), asks for b64_json without the vendor watermark, at a size Seedream 4 accepts', async () => {
    const seen = since();
    const out = await adapter('ark').run(
      job({ model: 'doubao-seedream-4-0-250828', width: 768, height: 768, count: 3, seed: 7 }),
      fakeRunContext().ctx,
    );
    expect(out).toHaveLength(3);
    const reqs = seen();
    expect(reqs).toHaveLength(3);
    for (const r of reqs) {
      expect(r.body).toMatchObject({ size: '1024x1024', response_format: 'b64_json', watermark: false });
      expect(r.body).not.toHaveProperty('n');
      expect(r.body).not.toHaveProperty('seed'); // only Seedream 3 / SeedEdit take a seed
    }
  });

  it('edits with SeedEdit: the picture as a data URL, size adaptive, a seed per call', async () => {
    const seen = since();
    const image = await testPicture(80, 60);
    const out = await adapter('ark').run(
      job({ op: 'edit', model: 'doubao-seededit-3-0-i2i-250628', prompt: '改成夜景', image, count: 2, seed: 10 }),
      fakeRunContext().ctx,
    );
    expect(out.map((r) => [r.width, r.height])).toEqual([
      [80, 60],
      [80, 60],
    ]);
    const reqs = seen();
    expect(reqs.map((r) => r.body.seed)).toEqual([10, 11]);
    expect(reqs[0]!.body).toMatchObject({ size: 'adaptive' });
    expect(String(reqs[0]!.body.image)).toBe(`data:image/png;base64,${image.bytes.toString('base64')}`);
  });

  it('maps Ark refusals (sensitive output, bad key)', async () => {
    expect(
      (await failure(adapter('ark').run(job({ model: 'doubao-seedream-4-0-250828', prompt: '[fake:content]' }), fakeRunContext().ctx)))
        .reason,
    ).toBe('content_refused');
    expect(
      (await failure(adapter('ark', { apiKey: 'bad-key' }).run(job({ model: 'doubao-seedream-4-0-250828' }), fakeRunContext().ctx))).reason,
    ).toBe('vendor_refused');
  });
});

describe('OpenAI images protocol: Zhipu', () => {
  it('loops CogView and downloads each URL once: the vendor URL has expired afterwards, the result is intact', async () => {
    const seen = since();
    const handed = fake.files.handedOut.length;
    const out = await adapter('zhipu').run(job({ model: 'cogview-4-250304', width: 1280, height: 720, count: 2 }), fakeRunContext().ctx);
    expect(out).toHaveLength(2);
    const reqs = seen();
    expect(reqs.map((r) => r.body.size)).toEqual(['1344x768', '1344x768']);
    expect(reqs[0]!.body).not.toHaveProperty('response_format');
    for (const r of out) expect(await sharp(r.bytes).metadata()).toMatchObject({ width: 1344, height: 768, format: 'png' });
    // Each result URL was fetched exactly once; fetching one again is refused like an expired link.
    const urls = fake.files.handedOut.slice(handed);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(fake.files.fetches(url)).toBe(1);
      expect((await fetch(url)).status).toBe(403);
    }
  });

  it('answers 1301 as content_refused and does not edit', async () => {
    expect((await failure(adapter('zhipu').run(job({ model: 'cogview-4', prompt: '[fake:content]' }), fakeRunContext().ctx))).reason).toBe(
      'content_refused',
    );
    const zhipu = adapter('zhipu');
    expect(zhipu.supports('generate')).toBe(true);
    expect(zhipu.supports('edit')).toBe(false);
    expect((await failure(zhipu.run(job({ op: 'edit', image: await testPicture(8, 8) }), fakeRunContext().ctx))).reason).toBe(
      'not_enabled',
    );
  });
});

describe('OpenAI images protocol: transport', () => {
  it('answers network for a refused connection and for a vendor that never answers', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect((await failure(adapter('openai', { baseUrl: `http://127.0.0.1:${port}/v1` }).run(job({}), fakeRunContext().ctx))).reason).toBe(
      'network',
    );

    const silent: Server = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    try {
      expect((await failure(adapter('openai', { baseUrl: base, timeoutMs: 300 }).run(job({}), fakeRunContext().ctx))).reason).toBe(
        'network',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('stops at once when the job is aborted, with the abort and not an ImageError', async () => {
    const ac = new AbortController();
    ac.abort(new Error('task canceled'));
    await expect(adapter('openai').run(job({}), fakeRunContext({ signal: ac.signal }).ctx)).rejects.toThrow('task canceled');
  });
});
