import { asPngOrJpeg, downloadImage, toDataUrl } from './download';
import { nearestSize, sizeText, type Size } from './sizes';
import { ImageError, type ImageAdapter, type ImageJob, type ImageOp, type ImageResult, type ImageRunContext } from './types';
import { readAnswer, vendorFetch, type VendorHttp } from './vendor-http';
import type { ImageVendorSetup } from './types';

/**
 * SiliconFlow images (Kolors, Qwen-Image, FLUX): `POST {base}/images/generations` with
 * `image_size`, `batch_size`, `negative_prompt`, `seed` and, for image to image, `image` as a data
 * URL; it answers `images[].url`, downloaded at once (the URLs live about an hour).
 */

const OPS: readonly ImageOp[] = ['generate', 'img2img', 'edit'];

// Sizes SiliconFlow lists per model family; other models (FLUX...) get the common list.
const KOLORS: Size[] = [
  [1024, 1024],
  [960, 1280],
  [768, 1024],
  [720, 1440],
  [720, 1280],
];
const QWEN_IMAGE: Size[] = [
  [1328, 1328],
  [1664, 928],
  [928, 1664],
  [1472, 1140],
  [1140, 1472],
  [1584, 1056],
  [1056, 1584],
];
const COMMON: Size[] = [
  [1024, 1024],
  [512, 1024],
  [768, 512],
  [768, 1024],
  [1024, 576],
  [576, 1024],
  [1024, 768],
];

function profileFor(model: string): { sizes: Size[] | null; maxBatch: number } {
  const m = model.toLowerCase();
  if (m.includes('kolors')) return { sizes: KOLORS, maxBatch: 4 };
  // Edit models keep the source picture's size and take no image_size.
  if (m.includes('-edit')) return { sizes: null, maxBatch: 1 };
  if (m.includes('qwen-image')) return { sizes: QWEN_IMAGE, maxBatch: 1 };
  return { sizes: COMMON, maxBatch: 1 };
}

export function createSiliconFlowAdapter(setup: ImageVendorSetup): ImageAdapter {
  const base = (setup.baseUrl ?? '').replace(/\/+$/, '');
  const http: VendorHttp = { fetch: setup.fetch ?? fetch, timeoutMs: setup.timeoutMs };

  async function once(job: ImageJob, batch: number, round: number, signal: AbortSignal): Promise<ImageResult[]> {
    const p = profileFor(job.model);
    const body: Record<string, unknown> = { model: job.model, prompt: job.prompt, batch_size: batch };
    if (p.sizes) body.image_size = sizeText(nearestSize(job.width, job.height, p.sizes));
    if (job.negativePrompt) body.negative_prompt = job.negativePrompt;
    // A looped call with the same seed would paint the same picture again.
    if (job.seed !== undefined) body.seed = job.seed + round;
    if (job.image && job.op !== 'generate') body.image = toDataUrl(await asPngOrJpeg(job.image));
    const res = await vendorFetch(
      http,
      `${base}/images/generations`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${setup.apiKey ?? ''}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      signal,
    );
    const answer = (await readAnswer(res, signal, [])) as { images?: unknown } | null;
    const images = Array.isArray(answer?.images) ? (answer.images as { url?: unknown }[]) : [];
    const urls = images.map((i) => i?.url).filter((u): u is string => typeof u === 'string' && u.length > 0);
    if (!urls.length) throw new ImageError('bad_answer', '图片服务没有返回图片', JSON.stringify(answer).slice(0, 300));
    const out: ImageResult[] = [];
    for (const url of urls) out.push(await downloadImage(http, url, signal));
    return out;
  }

  return {
    vendor: 'siliconflow',
    supports: (op) => OPS.includes(op),
    async run(job: ImageJob, ctx: ImageRunContext): Promise<ImageResult[]> {
      if (!OPS.includes(job.op)) throw new ImageError('not_enabled', '当前图片服务不支持此操作');
      if (job.op !== 'generate' && !job.image) throw new Error(`image job ${job.op} without a source picture`);
      const count = Math.max(1, Math.min(4, job.count));
      const { maxBatch } = profileFor(job.model);
      const rounds = maxBatch >= count ? 1 : count;
      const out: ImageResult[] = [];
      for (let round = 0; round < rounds; round++) {
        await ctx.progress(Math.round(5 + (85 * round) / rounds), rounds > 1 ? `正在生成第 ${round + 1}/${rounds} 张` : '正在生成');
        out.push(...(await once(job, rounds === 1 ? count : 1, round, ctx.signal)));
      }
      return out.slice(0, count);
    },
  };
}
