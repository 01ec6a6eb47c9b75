import { ffmpeg } from '../av';
import type { TimedSegment, TimedTranscript } from './types';

/**
 * Demo mode's timed transcript (no speech service, no vendor key): there is no offline speech
 * model, so no words are made up. The audio's speech regions are found with ffmpeg's silencedetect
 * and each gets a placeholder line marked 演示, so the subtitle flow (times, editing, burn-in) can
 * be tried end to end with honest text.
 */

/** Longest line of a demo subtitle: a long region is split so each line stays readable. */
const MAX_LINE_SECONDS = 6;
/** Regions shorter than this are clicks or breaths, not speech. */
const MIN_REGION_SECONDS = 0.3;

/** Where sound is (not silence), from silencedetect's start/end marks, split into lines of at most 6 s. */
export async function speechRegions(path: string, duration: number, signal?: AbortSignal): Promise<{ start: number; end: number }[]> {
  const out = await ffmpeg(['-i', path, '-vn', '-af', 'silencedetect=n=-35dB:d=0.4,ametadata=mode=print:file=-', '-f', 'null', '-'], { signal, timeoutMs: 120_000 });
  const silences: { start: number; end: number }[] = [];
  let open: number | null = null;
  for (const line of out.toString('utf8').split('\n')) {
    const s = /lavfi\.silence_start=(-?[\d.]+)/.exec(line);
    if (s) open = Math.max(0, Number(s[1]));
    const e = /lavfi\.silence_end=([\d.]+)/.exec(line);
    if (e) {
      silences.push({ start: open ?? 0, end: Number(e[1]) });
      open = null;
    }
  }
  if (open !== null) silences.push({ start: open, end: duration });
  const regions: { start: number; end: number }[] = [];
  let cursor = 0;
  for (const sil of silences) {
    if (sil.start - cursor >= MIN_REGION_SECONDS) regions.push({ start: cursor, end: sil.start });
    cursor = Math.max(cursor, sil.end);
  }
  if (duration - cursor >= MIN_REGION_SECONDS) regions.push({ start: cursor, end: duration });
  return regions.flatMap((r) => {
    const parts = Math.max(1, Math.ceil((r.end - r.start) / MAX_LINE_SECONDS));
    const len = (r.end - r.start) / parts;
    return Array.from({ length: parts }, (_, i) => ({ start: r.start + i * len, end: r.start + (i + 1) * len }));
  });
}

const mmss = (t: number) => `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(Math.floor(t % 60)).padStart(2, '0')}`;

/** The placeholder transcript: one line per speech region, each saying it is a demo. */
export async function demoTimedTranscript(path: string, duration: number, signal?: AbortSignal): Promise<TimedTranscript> {
  const regions = await speechRegions(path, duration, signal);
  const segments: TimedSegment[] = regions.map((r, i) => ({
    start: Number(r.start.toFixed(3)),
    end: Number(r.end.toFixed(3)),
    text: `（演示字幕）第 ${i + 1} 句，${mmss(r.start)}-${mmss(r.end)}`,
  }));
  return { text: segments.map((s) => s.text).join('\n'), segments, duration };
}
