/**
 * Video generation behind one interface (Zhipu CogVideoX, Ark Seedance, DashScope Wan, Kling):
 * an async submit, a poll with backoff, and the result downloaded at once (vendor URLs expire and
 * are never kept). Failures are VideoError: `kind` picks the task's Chinese message, `detail` is
 * for the log only (it may carry a vendor's words).
 */

export type VideoErrorKind = 'network' | 'auth' | 'refused' | 'failed' | 'bad_answer' | 'expired' | 'unsupported';

export class VideoError extends Error {
  constructor(
    readonly kind: VideoErrorKind,
    readonly detail: string,
  ) {
    super(`video ${kind}: ${detail}`);
    this.name = 'VideoError';
  }
}

/** What a run asks for: text to video, image to video, or one of the vendor templates. */
export type VideoOp = 'text2video' | 'image2video' | 'template';

export interface VideoPicture {
  bytes: Buffer;
  mime: string;
}

export interface VideoJob {
  op: VideoOp;
  /** The vendor model from videos.json. */
  model: string;
  prompt: string;
  /** image2video and picture templates: the first picture (sent as a data URL or base64, never a URL of ours). */
  image?: VideoPicture;
  /** Templates with two people (hug). */
  image2?: VideoPicture;
  /** Template: the vendor's scene name (Kling effect_scene). */
  scene?: string;
  duration: 5 | 10;
  ratio: '16:9' | '9:16' | '1:1';
  /** Ask for sound where the vendor makes it. */
  audio: boolean;
}

/** One finished video, downloaded. */
export interface VideoResult {
  video: Buffer;
  /** The vendor's cover picture, downloaded (we make our own poster when absent). */
  cover?: Buffer;
}

/** The vendor task a run submitted, kept on the task row (setVendor) so a re-claim polls it again. */
export interface VendorTask {
  vendor: string;
  taskId: string;
  /** Where to poll (Kling polls under the path it submitted to). */
  pollPath?: string;
}

export interface VideoRunContext {
  signal: AbortSignal;
  /** 0-100 and a stage: queued or running. */
  progress(pct: number, state: 'queued' | 'running'): Promise<void>;
  /** Keep the vendor task on the task row before polling. */
  keep(task: VendorTask): Promise<void>;
  /** What `keep` kept on an earlier claim of this task. */
  resume?: VendorTask;
}

export interface VideoAdapter {
  /** Vendor id as in videos.json. */
  vendor: string;
  run(job: VideoJob, ctx: VideoRunContext): Promise<VideoResult>;
}

/** HTTP of the adapters: the fetch to use (tests aim it at a local fake) and poll pacing. */
export interface VideoHttp {
  fetch: typeof fetch;
  /** Longest one request may take. */
  timeoutMs: number;
  /** First poll wait and its ceiling (backoff doubles up to it). */
  pollMs?: number;
  pollMaxMs?: number;
}

export interface VideoVendorSetup {
  apiKey?: string;
  /** Kling: the secret key beside the access key (apiKey). */
  secretKey?: string;
  baseUrl: string;
}
