import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG, MUSIC_LIMITS } from '@wanxiang/contract';
import { ffmpeg, probeFile, withWorkDir } from '../../../../infra/av';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../../../jobs';
import { baseName, readAudio, refusalOf, type AudioFilesContext, type InputAudio } from './audio-inputs';

/**
 * 音频剪辑 and 音频合并: the user's own audio cut or joined by ffmpeg (re-encoded to MP3, so any
 * mix of inputs joins). These files are the user's sound, not generated content: they carry no
 * AI label. Every check runs at submit (inspect) and again when the task runs.
 */

const MIN_CLIP_SECONDS = 0.5;
const num = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : dflt);

export interface ClipRange {
  start: number;
  end: number;
}

/** The range asked for, checked against the audio's length. */
export function clipRange(inputs: TaskRow['inputs'], duration?: number): ClipRange {
  const start = num(inputs.start, 0);
  const end = num(inputs.end, 0);
  if (!(start >= 0) || !(end > start)) throw new TaskFailure(MSG.musicRangeBad);
  if (end - start < MIN_CLIP_SECONDS) throw new TaskFailure(MSG.musicRangeTooShort);
  if (duration !== undefined && start >= duration) throw new TaskFailure(MSG.musicRangeOutside(duration));
  return { start, end: duration !== undefined ? Math.min(end, duration) : end };
}

export function clipHandler(ctx: AudioFilesContext, id: string): TaskHandler {
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    clipRange(inputs);
    const audio = await readAudio(ctx, userId, String(inputs.file), '音频文件');
    // A range that ends a little past the end (a rounded waveform handle) is cut at the end.
    if (num(inputs.end, 0) > audio.facts.duration + 1) throw new TaskFailure(MSG.musicRangeOutside(audio.facts.duration));
    return { audio, range: clipRange(inputs, audio.facts.duration) };
  };
  return {
    name: id,
    timeoutMs: 5 * 60_000,
    refuse: (inputs) => {
      try {
        clipRange(inputs);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    inspect: (inputs, userId) => refusalOf(() => read(inputs, userId)),
    async run(task, tools) {
      await tools.progress(5, MSG.musicStageCutting);
      const { audio, range } = await read(task.inputs, task.userId);
      const len = range.end - range.start;
      const fade = Math.min(1.5, len / 4);
      const body = await withWorkDir(async (dir) => {
        const src = join(dir, 'in');
        const out = join(dir, 'out.mp3');
        await writeFile(src, audio.data);
        const filters = task.inputs.fade === true ? ['-af', `afade=t=in:st=0:d=${fade.toFixed(3)},afade=t=out:st=${(len - fade).toFixed(3)}:d=${fade.toFixed(3)}`] : [];
        await ffmpeg(['-ss', range.start.toFixed(3), '-t', len.toFixed(3), '-i', src, '-vn', '-map', '0:a:0', ...filters, '-c:a', 'libmp3lame', '-q:a', '2', out], { signal: tools.signal });
        return readFile(out);
      });
      await tools.progress(90, MSG.musicStageSaving);
      const file = await tools.saveFile({ name: `${baseName(audio.name)}-剪辑.mp3`, contentType: 'audio/mpeg', body });
      return { files: [file], text: MSG.musicCutNote(range.start, range.end) };
    },
  };
}

/** The merge's inputs in field order (file1..file10, gaps skipped). */
export function mergeFileIds(inputs: TaskRow['inputs']): string[] {
  return Array.from({ length: MUSIC_LIMITS.mergeMaxFiles }, (_, i) => inputs[`file${i + 1}`]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

export function mergeHandler(ctx: AudioFilesContext, id: string): TaskHandler {
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    const ids = mergeFileIds(inputs);
    if (ids.length < 2 || ids.length > MUSIC_LIMITS.mergeMaxFiles) throw new TaskFailure(MSG.musicMergeCount);
    const files: InputAudio[] = [];
    for (const [i, fid] of ids.entries()) files.push(await readAudio(ctx, userId, fid, `第 ${i + 1} 段`));
    const crossfade = Math.max(0, Math.min(MUSIC_LIMITS.crossfadeMax, num(inputs.crossfade, 0)));
    if (crossfade > 0 && files.some((f) => f.facts.duration < crossfade * 2)) throw new TaskFailure(MSG.musicCrossfadeTooLong);
    return { files, crossfade };
  };
  return {
    name: id,
    timeoutMs: 5 * 60_000,
    refuse: (inputs) => (mergeFileIds(inputs).length < 2 ? MSG.musicMergeCount : null),
    inspect: (inputs, userId) => refusalOf(() => read(inputs, userId)),
    async run(task, tools) {
      await tools.progress(5, MSG.musicStageMerging);
      const { files, crossfade } = await read(task.inputs, task.userId);
      const { body, duration } = await withWorkDir(async (dir) => {
        const args: string[] = [];
        for (const [i, f] of files.entries()) {
          const p = join(dir, `in${i}`);
          await writeFile(p, f.data);
          args.push('-i', p);
        }
        // Every input to one rate and layout first: concat and acrossfade need them equal.
        const norm = files.map((_, i) => `[${i}:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`);
        let graph: string;
        if (crossfade > 0) {
          const steps: string[] = [];
          let last = 'a0';
          for (let i = 1; i < files.length; i++) {
            const next = i === files.length - 1 ? 'out' : `x${i}`;
            steps.push(`[${last}][a${i}]acrossfade=d=${crossfade.toFixed(3)}[${next}]`);
            last = next;
          }
          graph = [...norm, ...steps].join(';');
        } else {
          graph = [...norm, `${files.map((_, i) => `[a${i}]`).join('')}concat=n=${files.length}:v=0:a=1[out]`].join(';');
        }
        const out = join(dir, 'out.mp3');
        await ffmpeg([...args, '-filter_complex', graph, '-map', '[out]', '-c:a', 'libmp3lame', '-q:a', '2', out], { signal: tools.signal, timeoutMs: 240_000 });
        return { body: await readFile(out), duration: (await probeFile(out))?.duration ?? 0 };
      });
      await tools.progress(90, MSG.musicStageSaving);
      const file = await tools.saveFile({ name: `${baseName(files[0]!.name)}-合并.mp3`, contentType: 'audio/mpeg', body });
      return { files: [file], text: MSG.musicMergeNote(files.length, duration) };
    },
  };
}
