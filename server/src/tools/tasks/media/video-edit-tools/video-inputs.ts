import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_LIMITS, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { BinaryError, mediaKind, probeBytes, withWorkDir, type MediaFacts } from '../../../../infra/av';
import { TaskFailure, type TaskRow, type TaskRunTools } from '../../../../jobs';
import { readFileBytes } from '../../../../modules/files/service';
import { DEMO_FAILURE_MARKER } from '../../image-prompt';

/**
 * The video a video-edit tool reads: the caller's own upload (another user's id is not found),
 * typed by ffprobe from its bytes (a video field must hold a picture stream) and measured. Checked
 * at submit (inspect: a Chinese 400, nothing held) and again when the task runs.
 */

export type VideoFilesContext = Pick<AppContext, 'database' | 'storage'>;

export interface InputVideo {
  name: string;
  data: Buffer;
  facts: MediaFacts;
}

export const VIDEO_LABEL = '视频文件';

export async function readVideo(ctx: VideoFilesContext, userId: number, fileId: unknown, maxSeconds: number = MEDIA_LIMITS.videoMaxSeconds): Promise<InputVideo> {
  const { file, data } = await readFileBytes(ctx, userId, String(fileId ?? '')).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing(VIDEO_LABEL));
  });
  const facts = await probeBytes(data).catch(() => null);
  if (!facts?.video || mediaKind(facts) !== 'video' || !(facts.duration > 0)) throw new TaskFailure(MSG.veNotVideo(VIDEO_LABEL));
  if (facts.duration > maxSeconds + 0.5) throw new TaskFailure(MSG.veTooLong(VIDEO_LABEL, maxSeconds));
  return { name: file.name, data, facts };
}

/** A submit-time check: the refusal of a check that throws TaskFailure, or null when it passes. */
export async function refusalOf(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof TaskFailure) return err.message;
    throw err;
  }
}

/** Demo mode's way to try a failure (and its refund): the marker in any text input. */
export function demoFailure(demo: boolean, inputs: TaskRow['inputs']): void {
  if (demo && Object.values(inputs).some((v) => typeof v === 'string' && v.includes(DEMO_FAILURE_MARKER))) throw new TaskFailure(MSG.veDemoFailure);
}

/** The base of a file name without its extension (for result names). */
export const baseName = (name: string) => (name.replace(/\.[^.]+$/, '') || '视频').slice(0, 40);

/**
 * Run `work` in a private folder holding the video as `in.<ext>`; answers the bytes of the file
 * named `out`. A failing ffmpeg (not a cancel) becomes a Chinese failure that refunds.
 */
export async function withVideo(video: InputVideo, tools: Pick<TaskRunTools, 'signal'>, out: string, work: (src: string, dir: string, out: string) => Promise<void>): Promise<Buffer> {
  try {
    return await withWorkDir(async (dir) => {
      const ext = /\.([a-z0-9]{2,4})$/i.exec(video.name)?.[1] ?? 'mp4';
      const src = join(dir, `in.${ext}`);
      await writeFile(src, video.data);
      const target = join(dir, out);
      await work(src, dir, target);
      return readFile(target);
    });
  } catch (err) {
    if (tools.signal.aborted || err instanceof TaskFailure) throw err;
    if (err instanceof BinaryError || (err as NodeJS.ErrnoException).code === 'ENOENT') throw new TaskFailure(MSG.veFfmpegFailed);
    throw err;
  }
}

/** Deadline of one ffmpeg run over a video: generous for re-encoding, still bounded. */
export const videoTimeout = (seconds: number, factor = 4) => Math.min(540_000, 60_000 + Math.ceil(seconds * factor * 1000));

/** libx264 output settings every re-encoded result uses (plays everywhere, starts fast). */
export const H264_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
