import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MSG, VIDEO_EDIT_LIMITS } from '@wanxiang/contract';
import { aigcMetadataArgs, cornerMarkFilter, ffmpeg } from '../../../../infra/av';
import type { ImageInput, ImageResult, ImageRoute, ImageRunContext } from '../../../../infra/images';
import { TaskFailure, type TaskRow, type TaskRunTools } from '../../../../jobs';
import { imageFailure, VendorStates } from '../../image-output';
import { H264_ARGS, videoTimeout, withVideo, type InputVideo } from './video-inputs';

/**
 * 视频高清修复 and 视频抠像 on a deployment with an image vendor (a ComfyUI upscale / matting
 * workflow, DashScope's super-resolution...): no video vendor we adapt offers them, so the video is
 * taken apart into frames, every frame goes through the image backend's `upscale` or `matting`
 * operation, and ffmpeg puts the frames back together with the original sound, the corner mark and
 * the AIGC label.
 *
 * One vendor call per frame is expensive, so the clip is short (VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds)
 * and sampled at no more than vendorEnhanceMaxFps. Each frame's vendor state is kept on the task
 * row under its own key, so a task re-claimed after a crash polls (and re-downloads) the frames the
 * vendor already made instead of paying for them again.
 */

export type FrameOp = 'upscale' | 'matting';

/** The largest result frame: 1080p in either orientation (a bigger video is not what 高清修复 is for, and frames stay small on disk). */
const OUT_LONG = 1920;
const OUT_SHORT = 1080;
/** Frames in flight at once (vendors rate-limit; ComfyUI queues anyway). */
const CONCURRENCY = 3;

export interface FramesPlan {
  op: FrameOp;
  route: ImageRoute;
  title: string;
  /** matting: the colour the cut-out is laid on (#rrggbb), and its name for the note. */
  background?: string;
  backgroundLabel?: string;
}

/** Output frame size: twice the source for upscale (matting keeps it), fitted into 1080p, even sides (x264). */
export function framesOutputSize(op: FrameOp, width: number, height: number): [number, number] {
  const factor = op === 'upscale' ? 2 : 1;
  let w = width * factor;
  let h = height * factor;
  const [maxW, maxH] = w >= h ? [OUT_LONG, OUT_SHORT] : [OUT_SHORT, OUT_LONG];
  const fit = Math.min(1, maxW / w, maxH / h);
  w = Math.max(2, Math.floor(w * fit) & ~1);
  h = Math.max(2, Math.floor(h * fit) & ~1);
  return [w, h];
}

/** The sampling rate: the source's, at most vendorEnhanceMaxFps. */
export const framesRate = (fps: number | undefined) => Math.max(1, Math.min(VIDEO_EDIT_LIMITS.vendorEnhanceMaxFps, Math.round(fps || 25)));

/** Run `work` over `items` with at most `limit` at once; the first failure stops new work and is thrown. */
async function pool<T>(items: T[], limit: number, signal: AbortSignal, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (failed === null && next < items.length) {
      signal.throwIfAborted();
      const i = next++;
      try {
        await work(items[i]!, i);
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed !== null) throw failed;
}

export async function enhanceByFrames(video: InputVideo, task: TaskRow, tools: TaskRunTools, plan: FramesPlan): Promise<{ body: Buffer; note: string }> {
  const { width = 0, height = 0, fps } = video.facts.video ?? {};
  const rate = framesRate(fps);
  const [outW, outH] = framesOutputSize(plan.op, width, height);
  // The vendor is asked for the size it should make; a source above what 1080p needs is scaled down first.
  const [inW, inH] = plan.op === 'upscale' ? [Math.max(2, (outW / 2) & ~1), Math.max(2, (outH / 2) & ~1)] : [outW, outH];
  const vendor = new VendorStates(task, tools);
  const body = await withVideo(video, tools, 'out.mp4', async (src, dir, out) => {
    await ffmpeg(['-i', src, '-t', String(VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds), '-vf', `fps=${rate},scale=${inW}:${inH}:flags=lanczos`, '-q:v', '2', join(dir, 'in_%05d.jpg')], {
      signal: tools.signal,
      timeoutMs: videoTimeout(video.facts.duration),
    });
    const frames = (await readdir(dir)).filter((n) => /^in_\d+\.jpg$/.test(n)).sort();
    if (frames.length === 0) throw new TaskFailure(MSG.veFfmpegFailed);
    let done = 0;
    await tools.progress(25, MSG.veStageFrames(0, frames.length));
    await pool(frames, CONCURRENCY, tools.signal, async (name, i) => {
      const bytes = await readFile(join(dir, name));
      const image: ImageInput = { bytes, mime: 'image/jpeg', width: inW, height: inH };
      const key = `f${i}`;
      const ctx: ImageRunContext = {
        signal: tools.signal,
        // Per-frame progress would jump between lanes; the task's progress counts finished frames.
        progress: async () => {},
        keepVendorState: (state) => vendor.keep(key, state),
        resumeState: vendor.resume(key),
      };
      let results: ImageResult[];
      try {
        results = await plan.route.adapter.run({ op: plan.op, model: plan.route.model, prompt: '', width: outW, height: outH, count: 1, image, ...(plan.op === 'upscale' ? { scale: 2 as const } : {}) }, ctx);
      } catch (err) {
        throw imageFailure(err, plan.title);
      }
      const first = results[0];
      if (!first) throw new TaskFailure(MSG.imgNoPicture);
      // Every frame to the same size (a vendor may round differently); a cut-out laid on its background.
      let frame = sharp(first.bytes).resize(outW, outH, { fit: 'fill' });
      if (plan.op === 'matting') frame = frame.flatten({ background: plan.background ?? '#00b140' });
      await writeFile(join(dir, name.replace(/^in_/, 'out_')), await frame.jpeg({ quality: 95 }).toBuffer());
      done += 1;
      await tools.progress(25 + Math.floor((60 * done) / frames.length), MSG.veStageFrames(done, frames.length));
    });
    await ffmpeg(
      [
        '-framerate',
        String(rate),
        '-i',
        join(dir, 'out_%05d.jpg'),
        '-i',
        src,
        '-filter_complex',
        `[0:v]format=yuv420p,${cornerMarkFilter('')}[v]`,
        '-map',
        '[v]',
        ...(video.facts.audio ? ['-map', '1:a:0', '-c:a', 'aac', '-b:a', '160k', '-shortest'] : []),
        ...H264_ARGS,
        ...aigcMetadataArgs(task.id, 'mp4'),
        out,
      ],
      { signal: tools.signal, timeoutMs: videoTimeout(frames.length / rate, 6) },
    );
  });
  const note = plan.op === 'upscale' ? MSG.veUpscaledByVendor(outW, outH, rate) : MSG.veMattedByVendor(plan.backgroundLabel ?? '绿幕', rate);
  return { body, note };
}
