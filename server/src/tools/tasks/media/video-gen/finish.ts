import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG } from '@wanxiang/contract';
import { aigcMetadataArgs, cornerMarkFilter, ffmpeg, probeFile, withWorkDir } from '../../../../infra/av';
import { TaskFailure } from '../../../../jobs';

/** A generated video as we hand it out: H.264/AAC MP4 with both labels, and its poster frame. */
export interface FinishedVideo {
  mp4: Buffer;
  poster: Buffer;
  width: number;
  height: number;
  duration: number;
  hasAudio: boolean;
}

/**
 * Re-encode whatever the vendor (or the demo film) gave into H.264/AAC MP4 with the visible
 * corner mark (plus 演示 in demo mode) and the implicit AIGC metadata, then take a JPEG poster
 * from it. A file ffmpeg cannot read fails the task (refund).
 */
export async function finishVideo(raw: Buffer, contentId: string, demo: boolean, signal: AbortSignal): Promise<FinishedVideo> {
  return withWorkDir(async (dir) => {
    const src = join(dir, 'in.bin');
    const out = join(dir, 'out.mp4');
    const poster = join(dir, 'poster.jpg');
    await writeFile(src, raw);
    try {
      await ffmpeg(
        [
          '-i',
          src,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          '-vf',
          `scale=trunc(iw/2)*2:trunc(ih/2)*2,${cornerMarkFilter(demo ? '演示' : '')}`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          ...aigcMetadataArgs(contentId, 'mp4'),
          '-y',
          out,
        ],
        { signal, timeoutMs: 300_000 },
      );
      await ffmpeg(['-ss', '0.5', '-i', out, '-frames:v', '1', '-q:v', '3', '-y', poster], { signal });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new TaskFailure(MSG.vgBadAnswer);
    }
    const facts = await probeFile(out);
    if (!facts?.video) throw new TaskFailure(MSG.vgBadAnswer);
    return {
      mp4: await readFile(out),
      poster: await readFile(poster),
      width: facts.video.width,
      height: facts.video.height,
      duration: facts.duration,
      hasAudio: Boolean(facts.audio),
    };
  });
}
