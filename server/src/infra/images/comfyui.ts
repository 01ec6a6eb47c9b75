import { randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  DEFAULT_COMFY_DIR,
  fillWorkflow,
  loadComfyWorkflows,
  type ComfyGraph,
  type ComfySlotValues,
  type ComfyWorkflow,
} from './comfyui-workflows';
import { ImageError, type ImageAdapter, type ImageInput, type ImageJob, type ImageResult, type ImageRunContext } from './types';
import { downloadImage } from './download';
import { abortReason, readJson, sleep, type VendorHttp } from './vendor-http';
import type { ImageVendorSetup } from './types';

/**
 * A self-hosted ComfyUI (COMFYUI_BASE_URL, docs/comfyui.md): each operation runs the workflow of
 * server/catalog/comfyui/ filled through its node map. One run: upload the input pictures
 * (POST /upload/image), submit the graph (POST /prompt), keep the prompt id on the task, poll
 * GET /history/{id} with backoff until ComfyUI says it finished, then download the output node's
 * pictures at once (GET /view). A task re-claimed after a crash polls the kept prompt id instead
 * of queueing the work a second time.
 *
 * ComfyUI answers a graph it cannot run at submit (HTTP 400 with `node_errors`: a missing model
 * file, an unknown node, an input out of range) and a run that broke in its history
 * (status_str 'error'): both are vendor_failed, with ComfyUI's words in `detail` for the logs.
 */

export interface ComfyOptions {
  /** Workflows folder (default: the shipped server/catalog/comfyui). */
  dir?: string;
  /** First and longest wait between history polls, in ms (tests shorten them). */
  pollMs?: { first: number; max: number };
}

/** Longest one HTTP request may take (an upload, a poll, a download), within the job's own limit. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Polls in a row that may fail (ComfyUI restarting behind its proxy) before the job gives up. */
const MAX_POLL_FAILURES = 4;
const DEFAULT_POLL = { first: 1_000, max: 5_000 };

const NETWORK_MSG = '无法连接本站的 ComfyUI 绘图服务，请稍后再试';
const FAILED_MSG = 'ComfyUI 绘图失败，请稍后再试或联系管理员';
const REFUSED_MSG = 'ComfyUI 绘图服务拒绝了请求（密钥无效或无权限），请联系管理员';
const BAD_ANSWER_MSG = 'ComfyUI 绘图服务返回了无法识别的结果';

/** One picture ComfyUI lists in a history entry. */
interface ComfyFile {
  filename: string;
  subfolder: string;
  type: string;
}

/** The part of a /history/{id} entry we read. */
interface HistoryEntry {
  outputs?: Record<string, { images?: ComfyFile[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] };
}

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** ComfyUI's submit refusal in a line: the top error and each node's errors. */
export function describeNodeErrors(body: unknown): string {
  const b = (body ?? {}) as { error?: unknown; node_errors?: unknown };
  const parts: string[] = [];
  if (typeof b.error === 'string') parts.push(b.error);
  else if (b.error && typeof b.error === 'object') {
    const e = b.error as { message?: unknown; details?: unknown };
    parts.push([e.message, e.details].filter((x) => typeof x === 'string' && x).join(': '));
  }
  if (b.node_errors && typeof b.node_errors === 'object') {
    for (const [id, raw] of Object.entries(b.node_errors as Record<string, unknown>)) {
      const n = (raw ?? {}) as { class_type?: unknown; errors?: unknown };
      const errs = Array.isArray(n.errors) ? n.errors : [];
      const text = errs.map((e) =>
        [(e as { message?: unknown }).message, (e as { details?: unknown }).details].filter((x) => typeof x === 'string' && x).join(': '),
      );
      parts.push(`node ${id} (${typeof n.class_type === 'string' ? n.class_type : '?'}): ${text.join('; ')}`);
    }
  }
  return parts.filter(Boolean).join(' | ').slice(0, 1000);
}

/** Why a history entry says the run failed (execution_error / execution_interrupted messages). */
function describeRunError(entry: HistoryEntry): string {
  for (const m of entry.status?.messages ?? []) {
    if (!Array.isArray(m)) continue;
    const [event, data] = m as [unknown, Record<string, unknown> | undefined];
    if (event === 'execution_error' && data)
      return `${String(data.node_type)} (node ${String(data.node_id)}): ${String(data.exception_message ?? '').trim()}`.slice(0, 1000);
    if (event === 'execution_interrupted') return 'execution interrupted';
  }
  return 'status error';
}

const isNonEmpty = (v: unknown) => !!v && typeof v === 'object' && Object.keys(v).length > 0;

export function createComfyAdapter(setup: ImageVendorSetup, opts: ComfyOptions = {}): ImageAdapter {
  if (!setup.baseUrl) throw new Error('COMFYUI_BASE_URL is not set');
  const base = setup.baseUrl.replace(/\/+$/, '');
  const doFetch = setup.fetch ?? fetch;
  const poll = opts.pollMs ?? DEFAULT_POLL;
  // Checked now: a broken workflow or node map stops the boot with its file name.
  const workflows = loadComfyWorkflows(opts.dir ?? DEFAULT_COMFY_DIR);
  // One client id per server process: ComfyUI only uses it to address websocket messages.
  const clientId = randomUUID();

  const headers = (more: Record<string, string> = {}): Record<string, string> =>
    setup.apiKey ? { ...more, authorization: `Bearer ${setup.apiKey}` } : more;

  /** One request; transport failures are ImageError 'network', the job's abort stays an abort. */
  async function request(path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    if (signal.aborted) throw abortReason(signal);
    const timeout = AbortSignal.timeout(Math.min(REQUEST_TIMEOUT_MS, setup.timeoutMs));
    try {
      return await doFetch(`${base}${path}`, {
        ...init,
        headers: headers(init.headers as Record<string, string>),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (err) {
      if (signal.aborted) throw abortReason(signal);
      const why = timeout.aborted ? 'timeout' : (err as Error).message;
      throw new ImageError('network', NETWORK_MSG, `${path}: ${why}`);
    }
  }

  function refusedOr(res: Response, what: string, detail: string): ImageError {
    if (res.status === 401 || res.status === 403) return new ImageError('vendor_refused', REFUSED_MSG, `${what}: HTTP ${res.status}`);
    return new ImageError('vendor_failed', FAILED_MSG, `${what}: HTTP ${res.status} ${detail}`.slice(0, 1000));
  }

  /** Put a picture into ComfyUI's input folder; answers the name LoadImage takes. */
  async function upload(input: ImageInput, signal: AbortSignal): Promise<string> {
    const ext = EXT[input.mime] ?? 'png';
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(input.bytes)], { type: input.mime }), `wanxiang-${randomUUID()}.${ext}`);
    form.append('overwrite', 'true');
    const res = await request('/upload/image', { method: 'POST', body: form }, signal);
    if (!res.ok) throw refusedOr(res, '/upload/image', (await res.text()).slice(0, 300));
    const body = ((await readJson(res, signal)) ?? {}) as { name?: unknown; subfolder?: unknown };
    if (typeof body.name !== 'string' || !body.name)
      throw new ImageError('bad_answer', BAD_ANSWER_MSG, `/upload/image: ${JSON.stringify(body).slice(0, 200)}`);
    return typeof body.subfolder === 'string' && body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  /**
   * Our mask is white where the picture is repainted. The workflows read it with LoadImageMask's
   * red channel (1 = repaint, as VAEEncodeForInpaint wants), so it goes up as a plain grey PNG:
   * any transparency is flattened onto black (kept) first.
   */
  async function maskPng(mask: ImageInput): Promise<ImageInput> {
    const bytes = await sharp(mask.bytes).flatten({ background: '#000000' }).greyscale().png().toBuffer();
    return { ...mask, bytes, mime: 'image/png' };
  }

  /** The job's values for the workflow's slots, uploading the pictures it takes. */
  async function slotValues(job: ImageJob, wf: ComfyWorkflow, signal: AbortSignal): Promise<ComfySlotValues> {
    const need = (slot: 'image' | 'mask' | 'qrImage', input: ImageInput | undefined): ImageInput | undefined => {
      if (!wf.slots[slot]) return undefined;
      if (!input) throw new Error(`comfyui ${job.op}: the job has no ${slot}`);
      return input;
    };
    const image = need('image', job.image);
    const mask = need('mask', job.mask);
    const qr = need('qrImage', job.qrImage);
    return {
      // An empty prompt keeps the workflow's own text (an erase needs none).
      prompt: job.prompt.trim() || undefined,
      negative: job.negativePrompt?.trim() || undefined,
      seed: job.seed ?? randomInt(0, 2 ** 47),
      width: job.width,
      height: job.height,
      count: job.count,
      strength: job.strength,
      control: job.strength,
      scale: job.scale,
      expandTop: job.expand?.top,
      expandRight: job.expand?.right,
      expandBottom: job.expand?.bottom,
      expandLeft: job.expand?.left,
      image: image && (await upload(image, signal)),
      mask: mask && (await upload(await maskPng(mask), signal)),
      qrImage: qr && (await upload(qr, signal)),
    };
  }

  async function submit(graph: ComfyGraph, signal: AbortSignal): Promise<string> {
    const res = await request(
      '/prompt',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: graph, client_id: clientId }) },
      signal,
    );
    if (res.status === 401 || res.status === 403) throw refusedOr(res, '/prompt', '');
    const body = ((await readJson(res, signal)) ?? {}) as { prompt_id?: unknown; node_errors?: unknown; error?: unknown };
    if (res.status === 400 || isNonEmpty(body.node_errors))
      throw new ImageError('vendor_failed', FAILED_MSG, describeNodeErrors(body) || `HTTP ${res.status}`);
    if (!res.ok) throw refusedOr(res, '/prompt', describeNodeErrors(body));
    if (typeof body.prompt_id !== 'string' || !body.prompt_id)
      throw new ImageError('bad_answer', BAD_ANSWER_MSG, `/prompt: ${JSON.stringify(body).slice(0, 200)}`);
    return body.prompt_id;
  }

  /**
   * Poll the prompt's history entry until ComfyUI finished it. An entry not there yet (queued,
   * running) or a status we do not know keeps polling: the task's deadline ends a run that never
   * finishes. A few failed polls in a row are tolerated (ComfyUI restarting), more are 'network'.
   */
  async function waitForEntry(promptId: string, ctx: ImageRunContext, signal: AbortSignal): Promise<HistoryEntry> {
    let wait = poll.first;
    let failures = 0;
    for (let n = 1; ; n++) {
      await sleep(wait, signal);
      wait = Math.min(poll.max, Math.round(wait * 1.5));
      let res: Response;
      try {
        res = await request(`/history/${encodeURIComponent(promptId)}`, { method: 'GET' }, signal);
      } catch (err) {
        if (err instanceof ImageError && ++failures < MAX_POLL_FAILURES) continue;
        throw err;
      }
      if (res.status >= 500 && ++failures < MAX_POLL_FAILURES) {
        await res.body?.cancel().catch(() => {});
        continue;
      }
      if (!res.ok) throw refusedOr(res, '/history', (await res.text()).slice(0, 300));
      failures = 0;
      const body = (await readJson(res, signal)) as Record<string, HistoryEntry | undefined>;
      const entry = body && typeof body === 'object' ? body[promptId] : undefined;
      if (entry) {
        if (entry.status?.status_str === 'error') throw new ImageError('vendor_failed', FAILED_MSG, describeRunError(entry));
        // Old ComfyUI builds write no status: outputs alone mean done.
        if (entry.status?.completed || (!entry.status && isNonEmpty(entry.outputs))) return entry;
      }
      // No progress figure in the history API: creep from 20 towards 90 so the user sees it alive.
      await ctx.progress(Math.round(90 - 70 * Math.pow(0.85, n)), '绘制中');
    }
  }

  /** /view through the shared downloader (size cap, sharp decode), with our key on the request. */
  const viewHttp: VendorHttp = {
    fetch: (url, init) => doFetch(url, { ...init, headers: headers(init?.headers as Record<string, string> | undefined) }),
    timeoutMs: Math.min(REQUEST_TIMEOUT_MS, setup.timeoutMs),
  };
  function download(file: ComfyFile, signal: AbortSignal): Promise<ImageResult> {
    const q = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '', type: file.type || 'output' });
    return downloadImage(viewHttp, `${base}/view?${q.toString()}`, signal);
  }

  async function run(job: ImageJob, ctx: ImageRunContext): Promise<ImageResult[]> {
    const wf = workflows.get(job.op);
    if (!wf) throw new ImageError('not_enabled', '本站的 ComfyUI 没有配置这个功能', `no workflow for ${job.op}`);
    // The whole job (uploads, queue, run, downloads) within IMAGE_TIMEOUT_MS.
    const deadline = AbortSignal.timeout(setup.timeoutMs);
    const signal = AbortSignal.any([ctx.signal, deadline]);
    try {
      const kept = ctx.resumeState?.promptId;
      let promptId: string;
      if (typeof kept === 'string' && kept) {
        promptId = kept;
      } else {
        await ctx.progress(5, '上传图片');
        const graph = fillWorkflow(wf, await slotValues(job, wf, signal));
        promptId = await submit(graph, signal);
        await ctx.keepVendorState({ promptId });
        await ctx.progress(15, '排队中');
      }
      const entry = await waitForEntry(promptId, ctx, signal);
      const files = entry.outputs?.[wf.output]?.images?.filter((f) => f && typeof f.filename === 'string') ?? [];
      if (!files.length) throw new ImageError('bad_answer', 'ComfyUI 没有返回图片', `prompt ${promptId}: no images at node ${wf.output}`);
      await ctx.progress(92, '下载结果');
      const results: ImageResult[] = [];
      for (const f of files.slice(0, Math.max(1, job.count))) results.push(await download(f, signal));
      return results;
    } catch (err) {
      if (ctx.signal.aborted) throw abortReason(ctx.signal);
      if (deadline.aborted) throw new ImageError('network', 'ComfyUI 绘图超时，请稍后再试', `timeout ${setup.timeoutMs} ms`);
      throw err;
    }
  }

  return { vendor: 'comfyui', supports: (op) => workflows.has(op), run };
}
