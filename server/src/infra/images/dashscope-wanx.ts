import { asPngOrJpeg, downloadImage, maskAsPng, toDataUrl } from './download';
import { fitSize, nearestSize, sizeText, type Size } from './sizes';
import { ImageError, type ImageAdapter, type ImageJob, type ImageOp, type ImageResult, type ImageRunContext } from './types';
import { isContentCode, readAnswer, sleep, vendorFetch, type VendorHttp } from './vendor-http';
import type { ImageVendorSetup } from './types';

/**
 * DashScope (阿里云百炼) Wanx images, an asynchronous protocol on the native API (not chat's
 * compatible mode): submit with `X-DashScope-Async: enable`, keep the vendor task id on our task
 * row, then poll `GET /api/v1/tasks/{id}` with backoff until SUCCEEDED (download every result URL
 * at once: they live 24 hours) or FAILED/CANCELED. A status we do not know is still running; only
 * the task's deadline (the signal) ends a vendor task that never finishes. A task claimed again
 * after a crash polls the vendor task it already paid for instead of submitting a second one.
 *
 * The host is the origin of the DashScope base URL chat uses (https://dashscope.aliyuncs.com/
 * compatible-mode/v1 -> https://dashscope.aliyuncs.com), so the international endpoint follows
 * the same setting. Pictures go in as data URLs (`data:{mime};base64,...`), which the Wanx image
 * edit API documents for base_image_url and mask_image_url (and which we send for the sketch of
 * 涂鸦作画 too: our pictures live behind the owner check, never on a public URL).
 */

const T2I_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
const I2I_PATH = '/api/v1/services/aigc/image2image/image-synthesis';

/** Safety refusals: the content check and suspected infringement. */
const CONTENT_CODES = ['DataInspectionFailed', 'DataInspection', 'IPInfringementSuspect'];

/** Our operations on wanx2.1-imageedit, by its `function`. */
const EDIT_FUNCTIONS = {
  edit: 'description_edit',
  inpaint: 'description_edit_with_mask',
  expand: 'expand',
  upscale: 'super_resolution',
  colorize: 'colorization',
} as const;
type EditOp = keyof typeof EDIT_FUNCTIONS;
const OPS: readonly ImageOp[] = ['generate', 'lineart', ...(Object.keys(EDIT_FUNCTIONS) as EditOp[])];

/** wanx-sketch-to-image-lite (涂鸦作画) answers one size only. */
const SKETCH_SIZE = '768*768';

/** The edit API wants a prompt for every function; these stand in when the tool has none. */
const DEFAULT_PROMPTS: Record<string, string> = {
  description_edit: '按描述修改图片',
  description_edit_with_mask: '自然地补全涂抹区域',
  expand: '自然地扩展画面',
  super_resolution: '图像超分',
  colorization: '为图像自然上色',
};

// wanx-v1 has four sizes; wanx2.x/wan2.x take any side within 512-1440.
const WANX_V1: Size[] = [
  [1024, 1024],
  [720, 1280],
  [768, 1152],
  [1280, 720],
];

export interface WanxPolling {
  /** First wait before a poll; it grows by half each time up to maxMs. */
  firstMs: number;
  maxMs: number;
}

/** Failed polls in a row (network, 5xx) before the job gives up. */
const POLL_FAILURES = 3;

interface TaskOutput {
  task_id?: string;
  task_status?: string;
  code?: string;
  message?: string;
  results?: { url?: string; code?: string; message?: string }[];
}

function originOf(baseUrl: string | undefined): string {
  try {
    return new URL(baseUrl ?? '').origin;
  } catch {
    return 'https://dashscope.aliyuncs.com';
  }
}

function failureOf(code: string, message: string): ImageError {
  if (isContentCode(code, message, CONTENT_CODES)) {
    return new ImageError('content_refused', '内容未通过图片服务的安全审核，请修改描述或图片后再试', `${code} ${message}`);
  }
  return new ImageError('vendor_failed', '图片服务处理失败，请稍后再试', `${code} ${message}`);
}

const clampScale = (margin: number, side: number) => Math.round(Math.min(2, Math.max(1, 1 + margin / side)) * 100) / 100;

export function createDashScopeWanxAdapter(setup: ImageVendorSetup, polling: WanxPolling = { firstMs: 1000, maxMs: 5000 }): ImageAdapter {
  const origin = originOf(setup.baseUrl);
  const http: VendorHttp = { fetch: setup.fetch ?? fetch, timeoutMs: setup.timeoutMs };
  const auth = { Authorization: `Bearer ${setup.apiKey ?? ''}` };

  async function textBody(job: ImageJob, n: number): Promise<Record<string, unknown>> {
    const size =
      job.model === 'wanx-v1'
        ? nearestSize(job.width, job.height, WANX_V1)
        : fitSize(job.width, job.height, { min: 512, max: 1440, step: 8 });
    const input: Record<string, unknown> = { prompt: job.prompt };
    if (job.negativePrompt) input.negative_prompt = job.negativePrompt;
    const parameters: Record<string, unknown> = { size: sizeText(size, '*'), n };
    if (job.seed !== undefined) parameters.seed = job.seed;
    return { model: job.model, input, parameters };
  }

  async function editBody(job: ImageJob, n: number): Promise<Record<string, unknown>> {
    const image = await asPngOrJpeg(job.image!);
    const fn = job.op === 'inpaint' && !job.mask ? 'description_edit' : EDIT_FUNCTIONS[job.op as EditOp];
    const input: Record<string, unknown> = {
      function: fn,
      prompt: job.prompt.trim() || DEFAULT_PROMPTS[fn],
      base_image_url: toDataUrl(image),
    };
    if (fn === 'description_edit_with_mask') {
      input.mask_image_url = toDataUrl({ bytes: await maskAsPng(job.mask!, image.width, image.height), mime: 'image/png' });
    }
    const parameters: Record<string, unknown> = { n };
    if (job.seed !== undefined) parameters.seed = job.seed;
    if (fn === 'description_edit' && job.strength !== undefined) parameters.strength = job.strength;
    if (fn === 'expand') {
      // The API expands by ratios of the side (1.0-2.0), centred; our margins are pixels.
      const m = job.expand ?? { top: 0, right: 0, bottom: 0, left: 0 };
      parameters.top_scale = clampScale(m.top, image.height);
      parameters.bottom_scale = clampScale(m.bottom, image.height);
      parameters.left_scale = clampScale(m.left, image.width);
      parameters.right_scale = clampScale(m.right, image.width);
    }
    if (fn === 'super_resolution') parameters.upscale_factor = job.scale ?? 2;
    return { model: job.model, input, parameters };
  }

  /**
   * Line art and graffiti to image (涂鸦作画, wanx-sketch-to-image-lite on the image2image path):
   * the user's drawing is the sketch as drawn (no line extraction); sketch_weight 0-10 says how
   * closely the picture keeps to its lines, our strength (how far it may depart) turned around.
   * The style is left to the model (<auto>): our style presets are already words in the prompt.
   */
  async function sketchBody(job: ImageJob, n: number): Promise<Record<string, unknown>> {
    const sketch = await asPngOrJpeg(job.image!);
    const weight = job.strength === undefined ? 10 : Math.round((1 - Math.min(1, Math.max(0, job.strength))) * 10);
    const parameters: Record<string, unknown> = { size: SKETCH_SIZE, n, sketch_weight: weight, style: '<auto>', sketch_extraction: false };
    if (job.seed !== undefined) parameters.seed = job.seed;
    return { model: job.model, input: { sketch_image_url: toDataUrl(sketch), prompt: job.prompt.trim() || '依照线条画成完整精致的画面' }, parameters };
  }

  async function submit(job: ImageJob, signal: AbortSignal): Promise<string> {
    const n = Math.max(1, Math.min(4, job.count));
    const [path, body] =
      job.op === 'generate'
        ? [T2I_PATH, await textBody(job, n)]
        : job.op === 'lineart'
          ? [I2I_PATH, await sketchBody(job, n)]
          : [I2I_PATH, await editBody(job, n)];
    const res = await vendorFetch(
      http,
      `${origin}${path}`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-DashScope-Async': 'enable' },
        body: JSON.stringify(body),
      },
      signal,
    );
    const answer = (await readAnswer(res, signal, CONTENT_CODES)) as { output?: TaskOutput } | null;
    const taskId = answer?.output?.task_id;
    if (typeof taskId !== 'string' || !taskId)
      throw new ImageError('bad_answer', '图片服务没有返回任务编号', JSON.stringify(answer).slice(0, 300));
    return taskId;
  }

  /** One look at the vendor task; transport or 5xx trouble answers null (the caller counts them). */
  async function look(taskId: string, signal: AbortSignal): Promise<TaskOutput | null> {
    try {
      const res = await vendorFetch(http, `${origin}/api/v1/tasks/${encodeURIComponent(taskId)}`, { method: 'GET', headers: auth }, signal);
      const answer = (await readAnswer(res, signal, CONTENT_CODES)) as { output?: TaskOutput } | null;
      return answer?.output ?? {};
    } catch (err) {
      if (err instanceof ImageError && (err.reason === 'network' || err.reason === 'vendor_failed')) return null;
      throw err;
    }
  }

  async function poll(taskId: string, ctx: ImageRunContext): Promise<TaskOutput> {
    let delay = polling.firstMs;
    let failures = 0;
    let looks = 0;
    // IMAGE_TIMEOUT_MS bounds one job at the vendor (from this claim on); the task's own deadline may come first.
    const deadline = Date.now() + setup.timeoutMs;
    for (;;) {
      if (Date.now() > deadline)
        throw new ImageError('network', '图片服务长时间未完成任务，请稍后再试', `task ${taskId}: no end after ${setup.timeoutMs} ms`);
      await sleep(delay, ctx.signal);
      delay = Math.min(polling.maxMs, Math.round(delay * 1.5));
      const out = await look(taskId, ctx.signal);
      if (!out) {
        if (++failures >= POLL_FAILURES)
          throw new ImageError('network', '查询图片任务失败，请稍后再试', `task ${taskId}: ${failures} failed polls`);
        continue;
      }
      failures = 0;
      looks++;
      const status = out.task_status;
      if (status === 'SUCCEEDED') return out;
      if (status === 'FAILED') throw failureOf(out.code ?? '', out.message ?? '');
      if (status === 'CANCELED') throw new ImageError('vendor_failed', '图片服务取消了任务，请稍后再试', `task ${taskId} CANCELED`);
      // PENDING, RUNNING, and whatever else the vendor may say: still running.
      if (status === 'PENDING') await ctx.progress(15, '排队中');
      else await ctx.progress(Math.min(90, 30 + looks * 5), '正在生成');
    }
  }

  async function download(taskId: string, out: TaskOutput, signal: AbortSignal): Promise<ImageResult[]> {
    const results = Array.isArray(out.results) ? out.results : [];
    const urls = results.map((r) => r?.url).filter((u): u is string => typeof u === 'string' && u.length > 0);
    if (!urls.length) {
      const failed = results.find((r) => r?.code);
      if (failed) throw failureOf(failed.code ?? '', failed.message ?? '');
      throw new ImageError('bad_answer', '图片服务没有返回图片', `task ${taskId}: ${JSON.stringify(out).slice(0, 300)}`);
    }
    const images: ImageResult[] = [];
    for (const url of urls) images.push(await downloadImage(http, url, signal));
    return images;
  }

  return {
    vendor: 'dashscope',
    supports: (op) => OPS.includes(op),
    async run(job: ImageJob, ctx: ImageRunContext): Promise<ImageResult[]> {
      if (!OPS.includes(job.op)) throw new ImageError('not_enabled', '当前图片服务不支持此操作');
      if (job.op !== 'generate' && !job.image) throw new Error(`image job ${job.op} without a source picture`);
      const kept = ctx.resumeState?.taskId;
      let taskId: string;
      if (typeof kept === 'string' && kept) {
        taskId = kept;
        await ctx.progress(10, '继续查询图片任务');
      } else {
        await ctx.progress(5, '正在提交');
        taskId = await submit(job, ctx.signal);
        await ctx.keepVendorState({ taskId });
      }
      const done = await poll(taskId, ctx);
      await ctx.progress(92, '正在下载结果');
      return (await download(taskId, done, ctx.signal)).slice(0, Math.max(1, Math.min(4, job.count)));
    },
  };
}
