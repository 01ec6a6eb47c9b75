import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG } from '@wanxiang/contract';
import { aigcMetadataArgs, ffmpeg, probeFile } from '../../../../infra/av';
import { SpeechError } from '../../../../infra/speech';
import { TaskFailure, type TaskHandler } from '../../../../jobs';
import type { TaskHandlersContext } from '../../handlers-context';
import { baseName, demoFailure, H264_ARGS, readVideo, refusalOf, videoTimeout, withVideo } from './video-inputs';
import { chooseVoice } from '../voice-tools/voice-choice';

/**
 * 视频配音: the script spoken by the text-to-speech backend (a vendor, or the espeak-ng demo voice)
 * and muxed onto the video, replacing the original sound or mixed over it at a chosen volume. The
 * speech is fitted to the video's length: padded with silence when shorter, cut when longer (the
 * result says which). The picture is the user's own and is copied; the file carries the AIGC label.
 */

/** Script pieces of at most `max` characters, cut after sentence marks where possible. */
export function splitScript(text: string, max: number): string[] {
  const sentences = text.replace(/\s+/g, ' ').trim().match(/[^。！？!?；;\n]+[。！？!?；;]*/g) ?? [];
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    for (let i = 0; i < s.length; i += max) {
      const piece = s.slice(i, i + max);
      if ((cur + piece).length > max) {
        if (cur.trim()) out.push(cur.trim());
        cur = piece;
      } else cur += piece;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const num = (v: unknown, dflt: number, lo: number, hi: number) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) && v !== '' ? Math.min(hi, Math.max(lo, n)) : dflt;
};

export function dubHandler(ctx: TaskHandlersContext, id: string): TaskHandler {
  return {
    name: id,
    timeoutMs: 10 * 60_000,
    refuse: (inputs) => (!ctx.speech ? MSG.veSpeechOff : typeof inputs.text === 'string' && inputs.text.trim() ? null : MSG.badField('text')),
    inspect: (inputs, userId) => refusalOf(() => readVideo(ctx, userId, inputs.video)),
    async run(task, tools) {
      if (!ctx.speech) throw new TaskFailure(MSG.veSpeechOff);
      demoFailure(ctx.llm.demo || ctx.speech.demo, task.inputs);
      // The picked voice: a preset of the server's backend or one of the user's clones (语音合成's picker).
      const choice = await chooseVoice(ctx, task.userId, task.inputs.voice);
      const speech = choice.backend;
      await tools.progress(5, MSG.veStageReading);
      const video = await readVideo(ctx, task.userId, task.inputs.video);
      await tools.progress(15, MSG.veStageSpeaking);
      const pieces = splitScript(String(task.inputs.text), speech.maxChars);
      const speed = Math.min(2, Math.max(0.5, num(task.inputs.speed, 1, 0.5, 2) * choice.speedFactor));
      const spoken: Buffer[] = [];
      let demo = false;
      for (const [i, text] of pieces.entries()) {
        try {
          const r = await speech.synthesize({ text, voice: choice.voice, speed, pitch: choice.pitchShift, format: 'wav', signal: tools.signal });
          demo ||= r.demo;
          spoken.push(r.bytes);
        } catch (err) {
          if (tools.signal.aborted || !(err instanceof SpeechError)) throw err;
          throw new TaskFailure(err.reason === 'not_configured' ? MSG.veSpeechOff : MSG.veSpeechFailed);
        }
        await tools.progress(15 + Math.round((40 * (i + 1)) / pieces.length), MSG.veStageSpeaking);
      }
      const mix = task.inputs.mix === 'mix' && Boolean(video.facts.audio);
      const volume = num(task.inputs.originalVolume, 30, 0, 100) / 100;
      const dur = video.facts.duration;
      let speechSeconds = 0;
      await tools.progress(60, MSG.veStageMixing);
      const body = await withVideo(video, tools, 'out.mp4', async (src, dir, out) => {
        const parts = spoken.map((_, i) => join(dir, `s${i}.wav`));
        for (const [i, p] of parts.entries()) await writeFile(p, spoken[i]!);
        const joined = join(dir, 'speech.wav');
        const norm = parts.map((_, i) => `[${i}:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`);
        await ffmpeg([...parts.flatMap((p) => ['-i', p]), '-filter_complex', [...norm, `${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`].join(';'), '-map', '[out]', joined], { signal: tools.signal });
        speechSeconds = (await probeFile(joined))?.duration ?? 0;
        const graph = mix
          ? `[0:a:0]aresample=44100,aformat=channel_layouts=stereo,volume=${volume.toFixed(2)}[o];[1:a]apad[s];[o][s]amix=inputs=2:duration=first:normalize=0[a]`
          : '[1:a]apad[a]';
        const copyVideo = ['h264', 'hevc'].includes(video.facts.video?.codec ?? '');
        await ffmpeg(['-i', src, '-i', joined, '-filter_complex', graph, '-map', '0:v:0', '-map', '[a]', ...(copyVideo ? ['-c:v', 'copy'] : H264_ARGS), '-c:a', 'aac', '-b:a', '160k', '-t', dur.toFixed(3), ...aigcMetadataArgs(task.id, 'mp4'), out], { signal: tools.signal, timeoutMs: videoTimeout(dur, copyVideo ? 1 : 4) });
      });
      await tools.progress(90, MSG.veStageSaving);
      const file = await tools.saveFile({ name: `${baseName(video.name)}-配音${demo ? '-演示' : ''}.mp4`, contentType: 'video/mp4', body });
      const fit = speechSeconds > dur + 0.05 ? MSG.veDubFitTrim : speechSeconds < dur - 0.05 ? MSG.veDubFitPad : MSG.veDubFitExact;
      return { files: [file], text: [MSG.veDubDone(speechSeconds, dur, fit), ...(demo ? [MSG.veDubDemo] : [])].join('\n\n') };
    },
  };
}
