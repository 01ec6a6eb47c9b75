import type { TaskFile } from '@wanxiang/contract';

/** LRC lines ([mm:ss.xx]text) in time order; header tags ([ti:], [by:]) dropped. */
export interface LrcLine {
  time: number;
  text: string;
}

export function parseLrc(text: string): LrcLine[] {
  const out: LrcLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const stamps = [...raw.matchAll(/\[(\d{1,3}):(\d{1,2}(?:\.\d{1,3})?)\]/g)];
    if (!stamps.length) continue;
    const words = raw.replace(/\[[^\]]*\]/g, '').trim();
    if (!words) continue;
    for (const s of stamps) out.push({ time: Number(s[1]) * 60 + Number(s[2]), text: words });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** The line being sung at `t` seconds: the last that has started, or -1 before the first. */
export function activeLine(lines: readonly LrcLine[], t: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.time <= t + 0.05) found = i;
    else break;
  }
  return found;
}

export interface SongTakeFiles {
  audio: TaskFile;
  lrc?: TaskFile;
}

/** A song task's files as takes (each MP3 with its .lrc of the same name) and the cover. */
export function songParts(files: readonly TaskFile[]): { takes: SongTakeFiles[]; cover?: TaskFile } {
  const cover = files.find((f) => f.contentType.startsWith('image/'));
  const takes = files
    .filter((f) => f.contentType.startsWith('audio/'))
    .map((audio) => {
      const base = audio.name.replace(/\.[^.]+$/, '');
      const lrc = files.find((f) => f.name === `${base}.lrc`);
      return lrc ? { audio, lrc } : { audio };
    });
  return cover ? { takes, cover } : { takes };
}

/** Peaks of decoded samples in `buckets` columns (max |sample| per column over all channels), 0-1. */
export function peaksOf(channels: readonly Float32Array[], buckets: number): number[] {
  const length = channels[0]?.length ?? 0;
  if (!length || buckets <= 0) return [];
  const size = Math.max(1, Math.floor(length / buckets));
  const out: number[] = [];
  for (let b = 0; b < buckets; b++) {
    let max = 0;
    const from = b * size;
    const to = Math.min(length, from + size);
    for (const ch of channels) for (let i = from; i < to; i += 4) max = Math.max(max, Math.abs(ch[i]!));
    out.push(Math.min(1, max));
  }
  return out;
}

/** A range kept inside [0, duration] with end after start by at least `min` seconds, to 0.1 s. */
export function clampRange(start: number, end: number, duration: number, min = 0.5): { start: number; end: number } {
  const round = (n: number) => Math.round(n * 10) / 10;
  let s = Math.max(0, Math.min(start, duration - min));
  let e = Math.min(duration, Math.max(end, s + min));
  if (e - s < min) s = Math.max(0, e - min);
  s = round(s);
  e = round(e);
  return { start: s, end: e };
}
