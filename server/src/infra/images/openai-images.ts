import { asPngOrJpeg, decodeBase64Image, downloadImage, maskAsAlphaPng, toDataUrl } from './download';
import { nearestSize, sizeText, type Size } from './sizes';
import { ImageError, type ImageAdapter, type ImageJob, type ImageOp, type ImageResult, type ImageRunContext } from './types';
import { isContentCode, readAnswer, vendorErrorOf, vendorFetch, type VendorHttp } from './vendor-http';
import type { ImageVendorSetup } from './types';

/**
 * The OpenAI images protocol (`POST {base}/images/generations`, `/images/edits`), spoken by
 * OpenAI, Volcengine Ark (Seedream / SeedEdit, `/api/v3`) and Zhipu (CogView, `/api/paas/v4`).
 * They differ in the fields they take, so each vendor model gets a profile: its allowed sizes,
 * how many pictures one call makes (Ark and Zhipu make one: we loop), whether it takes
 * `response_format: b64_json` and `seed`, and how it edits (OpenAI: multipart /images/edits with
 * an alpha mask; Ark: `image` as a data URL on /images/generations; Zhipu: not at all).
 */

export type OpenAiImagesVendor = 'openai' | 'ark' | 'zhipu';

interface Profile {
  sizes: readonly Size[];
  /** Pictures one call may make; 1 = loop. */
  maxN: number;
  /** Ask for `response_format: b64_json` (no second download); gpt-image answers base64 anyway and refuses the field. */
  b64: boolean;
  seed: boolean;
  /** How a picture goes in: none, multipart /images/edits, or `image` on /images/generations. */
  edit: 'none' | 'multipart' | 'inline';
  /** Ask for the source's own size (SeedEdit takes only `adaptive`). */
  adaptiveSize?: boolean;
  /** Fields this vendor always gets (Ark: no vendor watermark, we add the AI生成 mark ourselves). */
  extra?: Record<string, unknown>;
}

const sq = (s: number): Size => [s, s];
// OpenAI: gpt-image-1 and dall-e-3 have three sizes each, dall-e-2 three squares.
const GPT_IMAGE: Size[] = [sq(1024), [1536, 1024], [1024, 1536]];
const DALLE3: Size[] = [sq(1024), [1792, 1024], [1024, 1792]];
const DALLE2: Size[] = [sq(256), sq(512), sq(1024)];
// Ark Seedream 3.0 recommended sizes; Seedream 4.x 1K and 2K sizes (at least 1280×720 pixels).
const SEEDREAM3: Size[] = [sq(1024), [864, 1152], [1152, 864], [1280, 720], [720, 1280], [832, 1248], [1248, 832], [1512, 648]];
const SEEDREAM4: Size[] = [
  sq(1024),
  [1152, 864],
  [864, 1152],
  [1280, 720],
  [720, 1280],
  [1248, 832],
  [832, 1248],
  [1512, 648],
  sq(2048),
  [2304, 1728],
  [1728, 2304],
  [2560, 1440],
  [1440, 2560],
  [2496, 1664],
  [1664, 2496],
  [3024, 1296],
];
// Zhipu CogView-4 recommended sizes.
const COGVIEW: Size[] = [sq(1024), [768, 1344], [864, 1152], [1344, 768], [1152, 864], [1440, 720], [720, 1440]];

const ARK_EXTRA = { watermark: false };

export function profileFor(vendor: OpenAiImagesVendor, model: string): Profile {
  const m = model.toLowerCase();
  if (vendor === 'ark') {
    if (m.includes('seededit'))
      return { sizes: SEEDREAM3, maxN: 1, b64: true, seed: true, edit: 'inline', adaptiveSize: true, extra: ARK_EXTRA };
    if (m.includes('seedream-3')) return { sizes: SEEDREAM3, maxN: 1, b64: true, seed: true, edit: 'none', extra: ARK_EXTRA };
    // Seedream 4+: one picture per call unless group mode, which we keep off (loop instead).
    return {
      sizes: SEEDREAM4,
      maxN: 1,
      b64: true,
      seed: false,
      edit: 'inline',
      extra: { ...ARK_EXTRA, sequential_image_generation: 'disabled' },
    };
  }
  if (vendor === 'zhipu') return { sizes: COGVIEW, maxN: 1, b64: false, seed: false, edit: 'none' };
  if (m.startsWith('dall-e-3')) return { sizes: DALLE3, maxN: 1, b64: true, seed: false, edit: 'none' };
  if (m.startsWith('dall-e-2')) return { sizes: DALLE2, maxN: 4, b64: true, seed: false, edit: 'multipart' };
  return { sizes: GPT_IMAGE, maxN: 4, b64: false, seed: false, edit: 'multipart' };
}

const OPS: Record<OpenAiImagesVendor, readonly ImageOp[]> = {
  openai: ['generate', 'img2img', 'edit', 'inpaint'],
  ark: ['generate', 'img2img', 'edit'],
  zhipu: ['generate'],
};

/** Safety refusals by code: OpenAI, Ark (input/output checks), Zhipu 1301. */
const CONTENT_CODES = [
  'content_policy_violation',
  'moderation_blocked',
  'InputTextSensitiveContentDetected',
  'InputImageSensitiveContentDetected',
  'OutputImageSensitiveContentDetected',
  'OutputTextSensitiveContentDetected',
  '1301',
];

export function createOpenAiImagesAdapter(vendor: OpenAiImagesVendor, setup: ImageVendorSetup): ImageAdapter {
  const base = (setup.baseUrl ?? '').replace(/\/+$/, '');
  const http: VendorHttp = { fetch: setup.fetch ?? fetch, timeoutMs: setup.timeoutMs };
  const auth = { Authorization: `Bearer ${setup.apiKey ?? ''}` };

  /** POST and read the answer; any non-2xx is mapped to the reason the user is told. */
  async function call(path: string, body: BodyInit, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    const res = await vendorFetch(http, `${base}${path}`, { method: 'POST', headers: { ...auth, ...headers }, body }, signal);
    return readAnswer(res, signal, CONTENT_CODES);
  }

  /** `data[]`: base64 decoded, URLs downloaded at once; per-item errors (Ark) count only when nothing came back. */
  async function results(answer: unknown, signal: AbortSignal): Promise<ImageResult[]> {
    const data = (answer as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length === 0) {
      throw new ImageError('bad_answer', '图片服务没有返回图片', JSON.stringify(answer).slice(0, 300));
    }
    const out: ImageResult[] = [];
    let failure: { code: string; message: string } | null = null;
    for (const item of data as Record<string, unknown>[]) {
      if (typeof item?.b64_json === 'string' && item.b64_json) out.push(await decodeBase64Image(item.b64_json));
      else if (typeof item?.url === 'string' && item.url) out.push(await downloadImage(http, item.url, signal));
      else if (item?.error) failure ??= vendorErrorOf(item);
    }
    if (out.length) return out;
    if (failure && isContentCode(failure.code, failure.message, CONTENT_CODES)) {
      throw new ImageError('content_refused', '内容未通过图片服务的安全审核，请修改描述或图片后再试', `${failure.code} ${failure.message}`);
    }
    throw new ImageError(
      failure ? 'vendor_failed' : 'bad_answer',
      failure ? '图片服务处理失败，请稍后再试' : '图片服务没有返回图片',
      JSON.stringify(answer).slice(0, 300),
    );
  }

  async function generations(job: ImageJob, p: Profile, n: number, round: number, signal: AbortSignal): Promise<unknown> {
    const body: Record<string, unknown> = { model: job.model, prompt: job.prompt, ...p.extra };
    body.size = p.adaptiveSize && job.image && job.op !== 'generate' ? 'adaptive' : sizeText(nearestSize(job.width, job.height, p.sizes));
    if (p.maxN > 1) body.n = n;
    if (p.b64) body.response_format = 'b64_json';
    // A looped call with the same seed would paint the same picture again.
    if (p.seed && job.seed !== undefined) body.seed = job.seed + round;
    if (job.image && job.op !== 'generate') body.image = toDataUrl(await asPngOrJpeg(job.image));
    return call('/images/generations', JSON.stringify(body), { 'Content-Type': 'application/json' }, signal);
  }

  async function edits(job: ImageJob, p: Profile, n: number, signal: AbortSignal): Promise<unknown> {
    const image = await asPngOrJpeg(job.image!);
    const form = new FormData();
    form.append('model', job.model);
    form.append('prompt', job.prompt);
    form.append('n', String(n));
    form.append('size', sizeText(nearestSize(image.width, image.height, p.sizes)));
    if (p.b64) form.append('response_format', 'b64_json');
    form.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.mime }),
      image.mime === 'image/png' ? 'image.png' : 'image.jpg',
    );
    if (job.op === 'inpaint' && job.mask) {
      const mask = await maskAsAlphaPng(job.mask, image.width, image.height);
      form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    }
    return call('/images/edits', form, {}, signal);
  }

  return {
    vendor,
    supports: (op) => OPS[vendor].includes(op),
    async run(job: ImageJob, ctx: ImageRunContext): Promise<ImageResult[]> {
      if (!OPS[vendor].includes(job.op)) throw new ImageError('not_enabled', '当前图片服务不支持此操作');
      const p = profileFor(vendor, job.model);
      const withImage = job.op !== 'generate';
      if (withImage && !job.image) throw new Error(`image job ${job.op} without a source picture`);
      if (withImage && p.edit === 'none') throw new ImageError('not_enabled', '当前图片模型不支持以图改图');
      const count = Math.max(1, Math.min(4, job.count));
      const rounds = p.maxN >= count ? 1 : count;
      const perCall = rounds === 1 ? count : 1;
      const out: ImageResult[] = [];
      for (let round = 0; round < rounds; round++) {
        await ctx.progress(Math.round(5 + (85 * round) / rounds), rounds > 1 ? `正在生成第 ${round + 1}/${rounds} 张` : '正在生成');
        const answer =
          withImage && p.edit === 'multipart'
            ? await edits(job, p, perCall, ctx.signal)
            : await generations(job, p, perCall, round, ctx.signal);
        out.push(...(await results(answer, ctx.signal)));
      }
      return out.slice(0, count);
    },
  };
}
