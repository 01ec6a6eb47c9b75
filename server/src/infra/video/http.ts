import { abortReason, sleep } from '../abortable';
import { downloadVendorResult } from '../read-capped';
import {
  VideoError,
  type VideoAdapter,
  type VideoHttp,
  type VideoJob,
  type VideoResult,
  type VideoRunContext,
  type VendorTask,
} from './types';

/**
 * HTTP plumbing of the video adapters: every call carries the job's signal plus a timeout; a
 * result URL is downloaded the moment the vendor names it, with a size cap; and the shared
 * submit-then-poll loop with backoff, where a status we do not know means still running (the
 * task's deadline ends a vendor task that never finishes).
 */

/** Largest video or cover we take from a vendor. */
export const VIDEO_MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;

export { abortReason, sleep } from '../abortable';

export async function videoFetch(http: VideoHttp, url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) throw abortReason(signal);
  const timeout = AbortSignal.timeout(http.timeoutMs);
  try {
    return await http.fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
  } catch (err) {
    if (signal.aborted) throw abortReason(signal);
    throw new VideoError('network', `${url}: ${timeout.aborted ? 'timeout' : (err as Error).message}`);
  }
}

export function statusError(status: number, what: string): VideoError {
  if (status === 401 || status === 403 || status === 402 || status === 429) return new VideoError('auth', `${what}: HTTP ${status}`);
  if (status === 400 || status === 422) return new VideoError('refused', `${what}: HTTP ${status}`);
  return new VideoError('failed', `${what}: HTTP ${status}`);
}

export async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw statusError(res.status, `${what} ${text.slice(0, 200)}`);
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    throw new VideoError('bad_answer', `${what}: not JSON: ${text.slice(0, 200)}`);
  }
}

/** Download a result now, at most VIDEO_MAX_DOWNLOAD_BYTES; a refused download means the URL expired. */
export function downloadNow(http: VideoHttp, url: string, signal: AbortSignal): Promise<Buffer> {
  return downloadVendorResult(url, (u) => videoFetch(http, u, { method: 'GET' }, signal), { maxBytes: VIDEO_MAX_DOWNLOAD_BYTES, signal, fail: (reason, detail) => new VideoError(reason, detail) });
}

/** A data URL of a picture (vendors that take one; no public URL of ours is ever handed out). */
export const dataUrl = (p: { bytes: Buffer; mime: string }) => `data:${p.mime};base64,${p.bytes.toString('base64')}`;

/** One poll's reading of the vendor task. */
export type PollState =
  { state: 'queued' | 'running' } | { state: 'failed'; detail: string } | { state: 'done'; url: string; cover?: string };

/** A protocol: how to submit a job, and how to read one poll of it. */
export interface AsyncProtocol {
  vendor: string;
  submit(job: VideoJob, signal: AbortSignal): Promise<Omit<VendorTask, 'vendor'>>;
  poll(task: VendorTask, signal: AbortSignal): Promise<PollState>;
}

/**
 * The adapter of an async protocol: submit (unless an earlier claim of the task already did:
 * then poll that vendor task), keep the vendor task id, poll with backoff, download at once.
 */
export function asyncAdapter(protocol: AsyncProtocol, http: VideoHttp): VideoAdapter {
  return {
    vendor: protocol.vendor,
    async run(job: VideoJob, ctx: VideoRunContext): Promise<VideoResult> {
      let task = ctx.resume?.vendor === protocol.vendor && ctx.resume.taskId ? ctx.resume : undefined;
      if (!task) {
        task = { vendor: protocol.vendor, ...(await protocol.submit(job, ctx.signal)) };
        await ctx.keep(task);
      }
      let wait = http.pollMs ?? 5_000;
      let pct = 10;
      for (;;) {
        await sleep(wait, ctx.signal);
        wait = Math.min(wait * 2, http.pollMaxMs ?? 30_000);
        let state: PollState;
        try {
          state = await protocol.poll(task, ctx.signal);
        } catch (err) {
          // A vendor that stumbles (5xx, a dropped connection) is asked again; refusals are final.
          if (err instanceof VideoError && (err.kind === 'network' || (err.kind === 'failed' && /HTTP 5\d\d/.test(err.detail)))) continue;
          throw err;
        }
        if (state.state === 'failed') throw new VideoError('failed', `${protocol.vendor}: ${state.detail.slice(0, 200)}`);
        if (state.state === 'done') {
          const video = await downloadNow(http, state.url, ctx.signal);
          const cover = state.cover ? await downloadNow(http, state.cover, ctx.signal).catch(() => undefined) : undefined;
          return { video, ...(cover ? { cover } : {}) };
        }
        pct = Math.min(90, pct + 8);
        await ctx.progress(pct, state.state);
      }
    },
  };
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
