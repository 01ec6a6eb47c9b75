import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatSrt, MSG, parseSrt, type SubtitleCue, type SubtitleAction } from '@wanxiang/contract';
import { aigcMetadataArgs, cjkFontFile, cornerMarkFilter, ffmpeg, filterValue } from '../../../../infra/av';
import { demoTimedTranscript, SttError } from '../../../../infra/stt';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../../../jobs';
import type { TaskHandlersContext } from '../../handlers-context';
import { baseName, demoFailure, H264_ARGS, readVideo, refusalOf, videoTimeout, withVideo, type InputVideo } from './video-inputs';

/**
 * 视频字幕 (CapCut/剪映 style): a run with action `recognize` turns the video's speech into an SRT
 * the user reviews and edits on the page; a run with `burn` or `track` exports the video with
 * those subtitles (drawn into the picture with libass and a CJK font, or as a mov_text track in
 * MP4). An export with no SRT recognises first (one-click). Without a speech service, demo mode
 * gives placeholder lines marked 演示 at the real speech regions; otherwise recognition is refused.
 */

const SIZES: Record<string, number> = { small: 14, medium: 18, large: 24 };
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const actionOf = (inputs: TaskRow['inputs']): SubtitleAction => (inputs.action === 'burn' || inputs.action === 'track' ? inputs.action : 'recognize');

/** The SRT as fenced in a result text, so the page's editor can read it back. */
export const srtBlock = (srt: string) => `\n\n\`\`\`srt\n${srt}\`\`\``;

export function subtitleHandler(ctx: TaskHandlersContext, id: string): TaskHandler {
  const demo = () => ctx.llm.demo;
  const canRecognize = () => (ctx.stt.name !== 'none' && Boolean(ctx.stt.transcribeTimed)) || demo();
  const given = (inputs: TaskRow['inputs']): SubtitleCue[] | null => {
    if (actionOf(inputs) === 'recognize' || !str(inputs.srt).trim()) return null;
    const parsed = parseSrt(str(inputs.srt));
    if ('error' in parsed) throw new TaskFailure(MSG.veSrtBad(parsed.error));
    if (!parsed.cues.length) throw new TaskFailure(MSG.veSrtEmpty);
    return parsed.cues;
  };

  const recognize = async (video: InputVideo, tools: TaskRunTools): Promise<{ cues: SubtitleCue[]; demo: boolean }> => {
    if (!video.facts.audio) throw new TaskFailure(MSG.veNoAudio);
    await tools.progress(15, MSG.veStageRecognizing);
    const useDemo = !(ctx.stt.name !== 'none' && ctx.stt.transcribeTimed);
    if (useDemo && !demo()) throw new TaskFailure(MSG.veSttOff);
    let audio: Buffer | null = null;
    let cues: SubtitleCue[] = [];
    await withVideo(video, tools, 'speech.mp3', async (src, _dir, out) => {
      // Speech services want small mono audio, not the video (16 kHz is what they resample to anyway).
      await ffmpeg(['-i', src, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '64k', out], { signal: tools.signal, timeoutMs: videoTimeout(video.facts.duration, 0.5) });
      if (useDemo) cues = (await demoTimedTranscript(out, video.facts.duration, tools.signal)).segments;
      else audio = await readFile(out);
    });
    if (audio) {
      try {
        cues = (await ctx.stt.transcribeTimed!({ data: audio, filename: 'speech.mp3', mime: 'audio/mpeg', signal: tools.signal })).segments;
      } catch (err) {
        if (tools.signal.aborted || !(err instanceof SttError)) throw err;
        throw new TaskFailure(err.reason === 'not_configured' ? MSG.veSttOff : MSG.veSttFailed);
      }
    }
    cues = cues.filter((c) => c.start < video.facts.duration).map((c) => ({ ...c, end: Math.min(c.end, video.facts.duration) }));
    if (!cues.length) throw new TaskFailure(MSG.veNoSpeech);
    return { cues, demo: useDemo };
  };

  return {
    name: id,
    timeoutMs: 15 * 60_000,
    refuse(inputs) {
      try {
        const cues = given(inputs);
        if (!cues && !canRecognize()) return MSG.veSttOff;
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    inspect: (inputs, userId) => refusalOf(() => readVideo(ctx, userId, inputs.video)),
    async run(task, tools) {
      demoFailure(demo(), task.inputs);
      await tools.progress(5, MSG.veStageReading);
      const video = await readVideo(ctx, task.userId, task.inputs.video);
      const action = actionOf(task.inputs);
      const name = baseName(video.name);
      const mark = demo() ? '-演示' : '';
      let cues = given(task.inputs);
      let demoLines = false;
      if (!cues) ({ cues, demo: demoLines } = await recognize(video, tools));
      const srt = formatSrt(cues);
      const srtFile = await tools.saveFile({ name: `${name}-字幕${demoLines ? '-演示' : ''}.srt`, contentType: 'application/x-subrip', body: Buffer.from(`\uFEFF${srt}`, 'utf8') });
      if (action === 'recognize') {
        return { files: [srtFile], text: (demoLines ? MSG.veRecognizedDemo(cues.length) : MSG.veRecognized(cues.length)) + srtBlock(srt) };
      }
      await tools.progress(40, action === 'burn' ? MSG.veStageBurning : MSG.veStageTrack);
      const limits = { signal: tools.signal, timeoutMs: videoTimeout(video.facts.duration, action === 'burn' ? 4 : 1) };
      const body = await withVideo(video, tools, 'out.mp4', async (src, dir, out) => {
        const subs = join(dir, 'subs.srt');
        await writeFile(subs, srt, 'utf8');
        const audio = video.facts.audio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : [];
        if (action === 'burn') {
          const font = cjkFontFile();
          const style = `FontName=Noto Sans CJK SC,FontSize=${SIZES[str(task.inputs.fontSize)] ?? SIZES.medium},Outline=1,Shadow=0,MarginV=18`;
          const sub = [`subtitles=filename=${filterValue(subs)}`, ...(font ? [`fontsdir=${filterValue(dirname(font))}`] : []), `force_style=${filterValue(style)}`].join(':');
          await ffmpeg(['-i', src, '-map', '0:v:0', ...audio, '-vf', `${sub},${cornerMarkFilter(demo() ? '演示' : '')}`, ...H264_ARGS, ...aigcMetadataArgs(task.id, 'mp4'), out], limits);
        } else {
          // The user's own picture and sound are copied where MP4 holds them as they are; the AI-made
          // part is the subtitle track, named so, and the file carries the AIGC label.
          const copyVideo = ['h264', 'hevc'].includes(video.facts.video?.codec ?? '');
          await ffmpeg(['-i', src, '-i', subs, '-map', '0:v:0', ...audio, '-map', '1:0', ...(copyVideo ? ['-c:v', 'copy'] : H264_ARGS), '-c:s', 'mov_text', '-metadata:s:s:0', 'language=chi', '-metadata:s:s:0', 'title=AI字幕', ...aigcMetadataArgs(task.id, 'mp4'), out], limits);
        }
      });
      await tools.progress(90, MSG.veStageSaving);
      const file = await tools.saveFile({ name: `${name}-${action === 'burn' ? '字幕版' : '字幕轨'}${mark}.mp4`, contentType: 'video/mp4', body });
      const note = action === 'burn' ? MSG.veBurned(cues.length) : MSG.veTracked(cues.length);
      return { files: [file, srtFile], text: note };
    },
  };
}
