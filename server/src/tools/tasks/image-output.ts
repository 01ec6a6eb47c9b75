import sharp from 'sharp';
import { MSG, type TaskFile } from '@wanxiang/contract';
import { ImageError, type ImageJob, type ImageResult, type ImageRoute, type ImageRunContext } from '../../infra/images';
import { TaskFailure, type TaskRow, type TaskRunTools } from '../../jobs';
import { labelImage } from './ai-label';
import { RESULT_MAX_SIDE } from './image-inputs';

/**
 * The two ends of every image job of a task: running the adapter inside the task (its progress
 * mapped into the task's, its vendor state kept on the row per job so a re-claimed task polls the
 * same vendor task, its failures as Chinese task failures), and storing each picture with both
 * AI-content labels (the AI生成 corner mark and the AIGC metadata) as a real PNG (WebP when large).
 */

/** Above this many pixels a result is stored as WebP (a 4096² PNG would be tens of MB). */
const PNG_MAX_PIXELS = 4_200_000;

/** An image failure as the task's Chinese message (the task fails and refunds). */
export function imageFailure(err: unknown, title: string): unknown {
  if (!(err instanceof ImageError)) return err;
  switch (err.reason) {
    case 'not_enabled':
      return new TaskFailure(MSG.imgNotEnabled(title));
    case 'content_refused':
      return new TaskFailure(MSG.imgContentRefused);
    case 'vendor_refused':
      return new TaskFailure(MSG.imgVendorRefused);
    case 'vendor_failed':
      return new TaskFailure(MSG.imgVendorFailed);
    case 'bad_answer':
      return new TaskFailure(MSG.imgBadAnswer);
    case 'network':
      return new TaskFailure(MSG.imgNetwork);
  }
}

/** Vendor state of the task's image jobs, by job key ('0'..'3' pictures, 'qr1', 'matting'...), kept on the row as `{ jobs }`. */
export class VendorStates {
  private readonly jobs: Record<string, Record<string, unknown>>;

  constructor(
    task: Pick<TaskRow, 'vendor'>,
    private readonly tools: Pick<TaskRunTools, 'setVendor'>,
  ) {
    const kept = (task.vendor as { jobs?: unknown } | null)?.jobs;
    this.jobs = kept && typeof kept === 'object' ? { ...(kept as Record<string, Record<string, unknown>>) } : {};
  }

  resume(key: string): Record<string, unknown> | undefined {
    return this.jobs[key];
  }

  async keep(key: string, state: Record<string, unknown>): Promise<void> {
    this.jobs[key] = state;
    await this.tools.setVendor({ jobs: this.jobs });
  }
}

export interface JobRun {
  route: ImageRoute;
  job: Omit<ImageJob, 'model'>;
  /** Its key among the task's jobs (vendor state). */
  key: string;
  /** The part of the task's progress this job covers. */
  from: number;
  to: number;
  /** Stage shown while it runs; the adapter's own stage text when absent. */
  stage?: string;
  title: string;
}

/** Run one image job within the task; answers its first picture (a job without one fails). */
export async function runImageJob(tools: TaskRunTools, vendor: VendorStates, run: JobRun): Promise<ImageResult> {
  const ctx: ImageRunContext = {
    signal: tools.signal,
    progress: (pct, stage) => tools.progress(run.from + ((run.to - run.from) * Math.min(100, Math.max(0, pct))) / 100, run.stage ?? stage ?? MSG.imgStagePainting),
    keepVendorState: (state) => vendor.keep(run.key, state),
    resumeState: vendor.resume(run.key),
  };
  let results: ImageResult[];
  try {
    await tools.progress(run.from, run.stage ?? MSG.imgStagePainting);
    results = await run.route.adapter.run({ ...run.job, model: run.route.model }, ctx);
  } catch (err) {
    throw imageFailure(err, run.title);
  }
  tools.signal.throwIfAborted();
  const first = results[0];
  if (!first) throw new TaskFailure(MSG.imgNoPicture);
  return first;
}

export interface LabelledPicture {
  body: Buffer;
  contentType: 'image/png' | 'image/webp';
  ext: 'png' | 'webp';
  width: number;
  height: number;
}

/** A vendor's picture with both labels, within RESULT_MAX_SIDE, as PNG (WebP when large); alpha is kept. */
export async function labelPicture(bytes: Buffer, contentId: string): Promise<LabelledPicture> {
  let png: Buffer;
  try {
    png = await sharp(bytes).resize({ width: RESULT_MAX_SIDE, height: RESULT_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw new TaskFailure(MSG.imgBadAnswer);
  }
  const { width = 1, height = 1 } = await sharp(png).metadata();
  const labelled = await labelImage(sharp(png), width, contentId);
  if (width * height > PNG_MAX_PIXELS) return { body: await labelled.webp({ quality: 92 }).toBuffer(), contentType: 'image/webp', ext: 'webp', width, height };
  return { body: await labelled.png().toBuffer(), contentType: 'image/png', ext: 'png', width, height };
}

/** Store a labelled picture for the task's owner (a partial result at once: the handlers show partial results). */
export async function savePicture(tools: TaskRunTools, pic: LabelledPicture, baseName: string): Promise<TaskFile> {
  return tools.saveFile({ name: `${baseName}.${pic.ext}`, contentType: pic.contentType, body: pic.body, width: pic.width, height: pic.height });
}
