/**
 * Image generation and editing, by capability (docs/product/creation.md; CREATION.md "Vendors by
 * protocol"). A tool names an operation (`ImageOp`); the image catalog (server/catalog/images.json)
 * maps each operation to an ordered list of vendor models; the first whose vendor is configured
 * runs it through its protocol's adapter. With no vendor key at all (demo mode) the local demo
 * painter runs every operation and marks its pictures 演示.
 *
 * Adapters never keep a vendor URL: they download the vendor's result at once and answer bytes
 * (vendor URLs expire within hours). Async vendors (DashScope, ComfyUI) report their vendor task
 * id through `keepVendorState` before they poll, so a task re-claimed after a crash polls the same
 * vendor task instead of paying for a second one (the state comes back as `resumeState`).
 */

/** What a tool asks for. Names are ours, not a vendor's. */
export const IMAGE_OPS = [
  /** Text to image. */
  'generate',
  /** Image to image / style transfer (reference image + prompt + strength). */
  'img2img',
  /** Instruction edit of an image (AI改图, product background change's new background). */
  'edit',
  /** Line art or graffiti to image (ControlNet lineart/scribble). */
  'lineart',
  /** Pose control (ControlNet openpose from a reference photo). */
  'pose',
  /** Depth control (ControlNet depth from a reference photo). */
  'depth',
  /** Erase / inpaint: image + mask (white = repaint). */
  'inpaint',
  /** Expand the canvas (outpaint) by given margins. */
  'expand',
  /** Upscale (2x or 4x). */
  'upscale',
  /** Colourise a grey or old photo / line art colouring; old-photo repair. */
  'colorize',
  /** Remove the background: answers a PNG with alpha. */
  'matting',
  /** Art QR code: a QR code image rendered into a picture (ControlNet QR monster). */
  'qrcode',
] as const;
export type ImageOp = (typeof IMAGE_OPS)[number];

/** An input picture (always decoded and size-capped by the caller; PNG, JPEG or WebP bytes). */
export interface ImageInput {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

export interface ImageJob {
  op: ImageOp;
  /** The vendor model from the image catalog ('' for the demo painter and ComfyUI workflows that name none). */
  model: string;
  /** Positive prompt, already composed by the tool (style preset words appended by the caller). */
  prompt: string;
  negativePrompt?: string;
  /** Output size in pixels (multiples of 8; the adapter maps it to the vendor's nearest allowed size). */
  width: number;
  height: number;
  /** 1-4 pictures; an adapter whose vendor makes fewer per call loops. */
  count: number;
  seed?: number;
  /** 0-1: how far img2img/lineart/pose/depth may depart from the reference. */
  strength?: number;
  /** The reference / source picture (img2img, edit, lineart, pose, depth, inpaint, expand, upscale, colorize, matting). */
  image?: ImageInput;
  /** inpaint: white where the picture is repainted, black where it is kept; same size as `image`. */
  mask?: ImageInput;
  /** expand: margins in pixels to add on each side. */
  expand?: { top: number; right: number; bottom: number; left: number };
  /** upscale: 2 or 4. */
  scale?: 2 | 4;
  /** qrcode: the text the code carries (the adapter or the caller draws the plain code). */
  qrText?: string;
  /** qrcode: the plain QR code picture to blend (black modules on white), made by the caller. */
  qrImage?: ImageInput;
  /** One of our style presets (水墨, 国潮, ...), for adapters that pick a workflow or a vendor style by it. */
  style?: string;
}

/** One finished picture, downloaded (never a vendor URL). */
export interface ImageResult {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export interface ImageRunContext {
  signal: AbortSignal;
  /** 0-100 within this job, and a Chinese stage text (the caller maps it into the task's progress). */
  progress(pct: number, stage?: string): Promise<void>;
  /** Keep the vendor's task id (and whatever else a resumed poll needs) on the task row. */
  keepVendorState(state: Record<string, unknown>): Promise<void>;
  /** What `keepVendorState` kept on an earlier claim of this task, if any. */
  resumeState?: Record<string, unknown>;
}

/** One protocol adapter bound to one vendor's base URL and key. */
export interface ImageAdapter {
  /** Vendor id as in the image catalog: openai, ark, zhipu, siliconflow, dashscope, comfyui, demo. */
  vendor: string;
  /** Whether this adapter can run the operation at all (the catalog may still not route it here). */
  supports(op: ImageOp): boolean;
  run(job: ImageJob, ctx: ImageRunContext): Promise<ImageResult[]>;
}

/** Why an image job failed, so the task's Chinese message can say it plainly. */
export type ImageFailureReason =
  /** No configured vendor can run this operation (and not demo mode). */
  | 'not_enabled'
  /** The vendor refused the request as unsafe content. */
  | 'content_refused'
  /** The vendor refused the key / quota / rate. */
  | 'vendor_refused'
  /** The vendor said the task failed. */
  | 'vendor_failed'
  /** The vendor answered something we cannot read, or a result we could not download. */
  | 'bad_answer'
  /** Network error or timeout talking to the vendor. */
  | 'network';

export class ImageError extends Error {
  constructor(
    readonly reason: ImageFailureReason,
    message: string,
    /** The vendor's own words (logs only, never shown to users). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

/** What a vendor adapter is built from: the vendor's key and base URL (chat's, for chat vendors) and limits. */
export interface ImageVendorSetup {
  apiKey?: string;
  /** Absent = the vendor's public default. */
  baseUrl?: string;
  timeoutMs: number;
  /** The operator's catalog folder (CATALOG_DIR), for adapters that read files of their own there (ComfyUI workflows). */
  catalogDir?: string;
  /** fetch to use (tests hand in one that counts calls); defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type ImageAdapterFactory = (setup: ImageVendorSetup) => ImageAdapter;
