import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG, type TaskFile } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { aigcMetadataArgs, ffmpeg, probeFile, withWorkDir } from '../../../../infra/av';
import { liveBackendOf } from '../../../../infra/vendor-settings/live';
import { createMusicBackend, MUSIC_STATE, MusicError, type MusicBackend, type SongRequest, type SongTake } from '../../../../infra/music';
import { TaskFailure, type TaskOutcome, type TaskRow, type TaskRunTools } from '../../../../jobs';
import { drawCover } from './cover';
import { sungLines, timedLyrics, writeLyrics } from './lyrics';

/**
 * A song (AI作曲) or an accompaniment (伴奏生成): lyrics written by the chat model when the user
 * gave none, the vendor's takes (two) downloaded at once, each made a labelled MP3 (the AIGC tag,
 * the title, a comment), its lyrics timed as LRC beside it, and a cover (the vendor's or drawn).
 */

export type MusicTaskContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'catalog' | 'config' | 'moduleStates'>;

export const DEMO_FAILURE_MARKER = '[demo:error=500]';

/**
 * The app's music backend (per app: tests put their own under MUSIC_STATE), rebuilt when the console saves a vendor's
 * key or base URL (infra/vendor-settings/live.ts), each vendor request recorded for the console's numbers.
 */
export function musicOf(ctx: Pick<AppContext, 'config' | 'moduleStates'>): MusicBackend {
  return ctx.moduleStates.get(MUSIC_STATE, () => liveBackendOf(ctx, (c, calls) => createMusicBackend(c, undefined, calls)));
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 24) || 'AI音乐';

/** Checks of the song form the fields cannot state (one of two modes), before anything is held. */
export function songRefusal(inputs: TaskRow['inputs']): string | null {
  if (inputs.mode === 'custom') {
    if (!str(inputs.tags)) return MSG.musicStyleRequired;
    if (!str(inputs.lyrics) && inputs.instrumental !== true) return MSG.musicLyricsRequired;
    return null;
  }
  return str(inputs.text) || str(inputs.lyrics) ? null : MSG.musicDescriptionRequired;
}

export function musicFailure(err: unknown): TaskFailure {
  if (err instanceof MusicError) {
    const byKind = { network: MSG.musicNetwork, auth: MSG.musicKeyRefused, refused: MSG.musicRefused, failed: MSG.musicFailed, bad_answer: MSG.musicBadAnswer, expired: MSG.musicExpired };
    return new TaskFailure(byKind[err.kind]);
  }
  return new TaskFailure(MSG.musicFailed);
}

/** One take as a labelled MP3 and its measured length. */
async function labelledMp3(take: SongTake, contentId: string, title: string, signal: AbortSignal): Promise<{ mp3: Buffer; duration: number }> {
  return withWorkDir(async (dir) => {
    const src = join(dir, `in.${take.format.replace(/[^a-z0-9]/gi, '') || 'mp3'}`);
    const out = join(dir, 'out.mp3');
    await writeFile(src, take.audio);
    try {
      await ffmpeg(['-i', src, '-vn', '-map', '0:a:0', '-c:a', 'libmp3lame', '-b:a', '192k', '-metadata', `title=${title}`, ...aigcMetadataArgs(contentId, 'mp3'), out], { signal });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new TaskFailure(MSG.musicBadAnswer);
    }
    const facts = await probeFile(out);
    return { mp3: await readFile(out), duration: facts?.duration ?? take.duration ?? 0 };
  });
}

export async function runSong(ctx: MusicTaskContext, task: TaskRow, tools: TaskRunTools, accompaniment: boolean): Promise<TaskOutcome> {
  const music = musicOf(ctx);
  const inputs = task.inputs;
  const texts = [str(inputs.text), str(inputs.lyrics), str(inputs.tags), str(inputs.title)];
  if (music.demo && texts.some((t) => t.includes(DEMO_FAILURE_MARKER))) throw new TaskFailure(MSG.musicDemoFailure);
  const instrumental = accompaniment || inputs.instrumental === true;
  const custom = !accompaniment && inputs.mode === 'custom';
  let title = str(inputs.title);
  let lyrics = instrumental ? '' : str(inputs.lyrics);
  if (!instrumental && !lyrics) {
    await tools.progress(5, MSG.musicStageLyrics);
    const written = await writeLyrics(ctx, str(inputs.text), tools.signal);
    lyrics = written.lyrics;
    title ||= written.title;
  }
  title ||= (str(inputs.text) || (accompaniment ? '伴奏' : 'AI音乐')).replace(DEMO_FAILURE_MARKER, '').slice(0, 12);
  const req: SongRequest = {
    prompt: accompaniment ? `${str(inputs.text)}，纯伴奏` : custom ? str(inputs.tags) : str(inputs.text),
    lyrics,
    tags: str(inputs.tags),
    title,
    instrumental,
    seed: [...task.id].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 7),
  };
  await tools.progress(15, MSG.musicStageComposing);
  let takes: SongTake[];
  try {
    takes = await music.songs.song(req, tools.signal, (data) => tools.setVendor(data));
  } catch (err) {
    if (tools.signal.aborted) throw err;
    throw musicFailure(err);
  }
  if (!takes.length) throw new TaskFailure(MSG.musicBadAnswer);
  const demoTag = music.demo ? '-演示' : '';
  const files: TaskFile[] = [];
  const kind = accompaniment ? '伴奏' : '';
  for (const [i, take] of takes.entries()) {
    await tools.progress(60 + i * 15, MSG.musicStageTake(i + 1, takes.length));
    const name = `${safe(title)}${kind}-第${i + 1}版${demoTag}`;
    const { mp3, duration } = await labelledMp3(take, `${task.id}-${i + 1}`, music.demo ? `${title}（演示）` : title, tools.signal);
    files.push(await tools.saveFile({ name: `${name}.mp3`, contentType: 'audio/mpeg', body: mp3 }));
    const takeLyrics = take.lyrics !== undefined && take.lyrics.trim() ? take.lyrics : lyrics;
    if (!instrumental && sungLines(takeLyrics).length) {
      files.push(await tools.saveFile({ name: `${name}.lrc`, contentType: 'text/plain; charset=utf-8', body: Buffer.from(timedLyrics(takeLyrics, duration, title), 'utf8') }));
    }
  }
  await tools.progress(92, MSG.musicStageCover);
  const vendorCover = takes.find((t) => t.cover)?.cover;
  const cover = vendorCover ?? (await drawCover(title, req.seed, music.demo));
  const isPng = cover.subarray(1, 4).toString('latin1') === 'PNG';
  files.push(await tools.saveFile({ name: `${safe(title)}-封面${demoTag}.${isPng ? 'png' : 'jpg'}`, contentType: isPng ? 'image/png' : 'image/jpeg', body: cover }));
  const note = accompaniment ? MSG.musicAccompanyNote(music.demo) : MSG.musicSongNote(title, music.demo);
  return { files, text: lyrics ? `${note}\n\n${sungLines(lyrics).join('\n')}` : note };
}
