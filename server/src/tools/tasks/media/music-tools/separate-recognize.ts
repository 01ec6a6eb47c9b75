import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG } from '@wanxiang/contract';
import { ffmpeg, withWorkDir } from '../../../../infra/av';
import { fingerprintFile, MusicError } from '../../../../infra/music';
import { TaskFailure, type TaskHandler } from '../../../../jobs';
import { baseName, readAudio, refusalOf } from './audio-inputs';
import { musicOf, type MusicTaskContext } from './song';

/**
 * 音轨分离 through the operator's separation service (infra/music/separation.ts), and 听歌识曲
 * through a Chromaprint fingerprint looked up at AcoustID. Without the service (or the key) the
 * run is refused at submit, before anything is held; in demo mode recognition shows the
 * fingerprint's facts marked 演示 instead of inventing a match.
 */

const STEM_TITLES: Record<string, string> = { vocals: '人声', accompaniment: '伴奏', no_vocals: '伴奏', instrumental: '伴奏', drums: '鼓', bass: '贝斯', other: '其他', piano: '钢琴', guitar: '吉他' };

export function separateHandler(ctx: MusicTaskContext, id: string): TaskHandler {
  return {
    name: id,
    timeoutMs: 15 * 60_000,
    refuse: () => (musicOf(ctx).separation ? null : MSG.musicSeparationOff),
    inspect: (inputs, userId) => refusalOf(() => readAudio(ctx, userId, String(inputs.file), '歌曲文件')),
    async run(task, tools) {
      const service = musicOf(ctx).separation;
      if (!service) throw new TaskFailure(MSG.musicSeparationOff);
      await tools.progress(5, MSG.musicStageSeparating);
      const audio = await readAudio(ctx, task.userId, String(task.inputs.file), '歌曲文件');
      let stems;
      try {
        stems = await service.separate(audio.data, audio.name, task.inputs.stems === '4' ? '4' : '2', tools.signal);
      } catch (err) {
        if (tools.signal.aborted) throw err;
        throw new TaskFailure(MSG.musicSeparationFailed);
      }
      const files = [];
      for (const [i, stem] of stems.entries()) {
        await tools.progress(70 + Math.round((25 * i) / stems.length), MSG.musicStageSaving);
        const body = await withWorkDir(async (dir) => {
          const src = join(dir, `in.${stem.format}`);
          const out = join(dir, 'out.mp3');
          await writeFile(src, stem.audio);
          await ffmpeg(['-i', src, '-vn', '-c:a', 'libmp3lame', '-q:a', '2', out], { signal: tools.signal });
          return readFile(out);
        }).catch((err: unknown) => {
          if (tools.signal.aborted) throw err;
          throw new TaskFailure(MSG.musicSeparationFailed);
        });
        files.push(await tools.saveFile({ name: `${baseName(audio.name)}-${STEM_TITLES[stem.name] ?? stem.name}.mp3`, contentType: 'audio/mpeg', body }));
      }
      return { files, text: MSG.musicSeparationNote(stems.map((s) => STEM_TITLES[s.name] ?? s.name).join('、')) };
    },
  };
}

export function recognizeHandler(ctx: MusicTaskContext, id: string): TaskHandler {
  const enabled = () => Boolean(musicOf(ctx).acoustid) || ctx.llm.demo;
  return {
    name: id,
    timeoutMs: 3 * 60_000,
    refuse: () => (enabled() ? null : MSG.musicRecognizeOff),
    inspect: (inputs, userId) => refusalOf(() => readAudio(ctx, userId, String(inputs.file), '音乐片段')),
    async run(task, tools) {
      const lookup = musicOf(ctx).acoustid;
      if (!lookup && !ctx.llm.demo) throw new TaskFailure(MSG.musicRecognizeOff);
      await tools.progress(10, MSG.musicStageRecognizing);
      const audio = await readAudio(ctx, task.userId, String(task.inputs.file), '音乐片段');
      const fp = await withWorkDir(async (dir) => {
        const p = join(dir, 'clip');
        await writeFile(p, audio.data);
        return fingerprintFile(p, tools.signal);
      }).catch((err: unknown) => {
        if (tools.signal.aborted) throw err;
        throw new TaskFailure(MSG.musicAudioUnreadable('音乐片段'));
      });
      if (!lookup) return { files: [], text: MSG.musicRecognizeDemo(fp.duration, fp.fingerprint.length) };
      await tools.progress(50, MSG.musicStageRecognizing);
      let songs;
      try {
        songs = await lookup.lookup(fp, tools.signal);
      } catch (err) {
        if (tools.signal.aborted) throw err;
        throw new TaskFailure(err instanceof MusicError && err.kind === 'auth' ? MSG.musicKeyRefused : MSG.musicRecognizeFailed);
      }
      if (!songs.length) return { files: [], text: MSG.musicRecognizeNone };
      const lines = songs.map((s) => `- **${s.title}** — ${s.artists.join('、') || '未知歌手'}${s.album ? `（专辑：${s.album}）` : ''}，匹配度 ${Math.round(s.score * 100)}%`);
      return { files: [], text: MSG.musicRecognizeFound(lines.join('\n')) };
    },
  };
}
