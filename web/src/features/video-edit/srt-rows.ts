import { cueProblem, formatSrt, parseSrtTime, srtTime, type SubtitleCue } from '@wanxiang/contract';

/** The subtitle editor's rows: times kept as typed text until export, checked row by row. */
export interface SrtRow {
  key: number;
  start: string;
  end: string;
  text: string;
}

let nextKey = 1;
export const rowOf = (c: SubtitleCue): SrtRow => ({ key: nextKey++, start: srtTime(c.start), end: srtTime(c.end), text: c.text });
export const cueOf = (r: SrtRow): SubtitleCue => ({ start: parseSrtTime(r.start), end: parseSrtTime(r.end), text: r.text });

/** A new row after `prev` (2 s long, starting where it ends). */
export function rowAfter(prev: SrtRow | undefined): SrtRow {
  const at = prev ? parseSrtTime(prev.end) : 0;
  const start = Number.isFinite(at) ? at : 0;
  return rowOf({ start, end: start + 2, text: '' });
}

/** The first problem of each row (Chinese), by key. */
export function rowProblems(rows: readonly SrtRow[], duration?: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const r of rows) {
    const p = cueProblem(cueOf(r), duration);
    if (p) out.set(r.key, p);
  }
  return out;
}

export const srtOfRows = (rows: readonly SrtRow[]) => formatSrt([...rows].map(cueOf).sort((a, b) => a.start - b.start));

/** The SRT a recognise run put in its result text (a fenced srt block). */
export const srtOfResult = (text: string | undefined) => /```srt\n([\s\S]*?)```/.exec(text ?? '')?.[1] ?? '';
