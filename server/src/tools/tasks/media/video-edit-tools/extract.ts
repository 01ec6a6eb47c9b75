
import { MSG } from '@wanxiang/contract';
import { aigcMetadataArgs, ffmpeg, probeBytes } from '../../../../infra/av';
import { TaskFailure, type TaskHandler } from '../../../../jobs';
import type { TaskHandlersContext } from '../../handlers-context';
import { musicOf } from '../music-tools/song';
import { baseName, demoFailure, readVideo, refusalOf, videoTimeout, withVideo, type InputVideo } from './video-inputs';

/**
 * 视频提取音乐 (and the spec's media/video2audio): the video's sound as MP3 or WAV. "Music" or
 * "voice" goes through the operator's separation service (infra/music/separation.ts, the music
 * part's adapter, SEPARATION_URL); without it the whole track is extracted and the result says so.
 * The plain extraction is the user's own sound (no AI label); separated stems carry the AIGC label.
 */

export async function readVideoWithAudio(ctx: TaskHandlersContext, userId: number, fileId: unknown): Promise<InputVideo> {
  const video = await readVideo(ctx, userId, fileId);
  if (!video.facts.audio) throw new TaskFailure(MSG.veNoAudio);
  return video;
}

/** The video's first audio track encoded as `format` (the job of video2audio). */
export async function extractAudio(video: InputVideo, format: 'mp3' | 'wav', signal: AbortSignal, label?: string): Promise<Buffer> {
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-q:a', '2'] : ['-c:a', 'pcm_s16le'];
  return withVideo(video, { signal }, `out.${format}`, async (src, _dir, out) => {
    await ffmpeg(['-i', src, '-vn', '-map', '0:a:0', ...codec, ...(label ? aigcMetadataArgs(label, format) : []), out], { signal, timeoutMs: videoTimeout(video.facts.duration, 0.5) });
  });
}

export function extractHandler(ctx: TaskHandlersContext, id: string): TaskHandler {
  return {
    name: id,
    timeoutMs: 15 * 60_000,
    inspect: (inputs, userId) => refusalOf(() => readVideoWithAudio(ctx, userId, inputs.video)),
    async run(task, tools) {
      demoFailure(ctx.llm.demo, task.inputs);
      await tools.progress(5, MSG.veStageReading);
      const video = await readVideoWithAudio(ctx, task.userId, task.inputs.video);
      const format = task.inputs.format === 'wav' ? 'wav' : 'mp3';
      const mime = format === 'mp3' ? 'audio/mpeg' : 'audio/wav';
      const part = task.inputs.part === 'music' || task.inputs.part === 'voice' ? task.inputs.part : 'all';
      const name = baseName(video.name);
      await tools.progress(20, MSG.veStageExtracting);
      const separation = part === 'all' ? null : musicOf(ctx).separation;
      if (!separation) {
        const body = await extractAudio(video, format, tools.signal);
        const facts = await probeBytes(body).catch(() => null);
        const file = await tools.saveFile({ name: `${name}-音频.${format}`, contentType: mime, body });
        const notes = [MSG.veExtracted(format.toUpperCase(), facts?.duration ?? video.facts.duration), ...(part === 'all' ? [] : [MSG.veSeparationMissing])];
        return { files: [file], text: notes.join('\n\n') };
      }
      await tools.progress(30, MSG.veStageSeparating);
      const wav = await extractAudio(video, 'wav', tools.signal);
      let stems;
      try {
        stems = await separation.separate(wav, `${name}.wav`, '2', tools.signal);
      } catch (err) {
        if (tools.signal.aborted) throw err;
        throw new TaskFailure(MSG.veSeparationFailed);
      }
      const wanted = part === 'voice' ? ['vocals'] : ['accompaniment', 'no_vocals', 'instrumental'];
      const stem = stems.find((s) => wanted.includes(s.name));
      if (!stem) throw new TaskFailure(MSG.veSeparationFailed);
      await tools.progress(80, MSG.veStageSaving);
      const title = part === 'voice' ? '人声' : '背景音乐';
      const body = await withVideo({ ...video, name: `stem.${stem.format}`, data: stem.audio }, tools, `out.${format}`, async (src, _dir, out) => {
        await ffmpeg(['-i', src, '-vn', ...(format === 'mp3' ? ['-c:a', 'libmp3lame', '-q:a', '2'] : ['-c:a', 'pcm_s16le']), ...aigcMetadataArgs(task.id, format), out], { signal: tools.signal });
      });
      const file = await tools.saveFile({ name: `${name}-${title}.${format}`, contentType: mime, body });
      return { files: [file], text: MSG.veSeparated(title) };
    },
  };
}
