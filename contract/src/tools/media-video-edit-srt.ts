/**
 * SRT subtitles as data, shared by the subtitle editor (web) and the export (server): rows of
 * start/end seconds and text, read from and written to the SubRip text format.
 */

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/** Why a cue is not valid (Chinese, for the editor and the server's refusal), or null. */
export function cueProblem(cue: SubtitleCue, duration?: number): string | null {
  if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end) || cue.start < 0) return '的时间无效';
  if (cue.end <= cue.start) return '的结束时间需晚于开始时间';
  if (duration !== undefined && cue.start >= duration) return '的开始时间超出视频长度';
  if (!cue.text.trim()) return '没有文字';
  if (cue.text.length > 200) return '文字过长（最多 200 字）';
  return null;
}

/** 00:01:02,345 <-> seconds. */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
}

/** Seconds of an SRT time (also takes '.' for ',' and m:ss forms the editor lets people type), NaN when unreadable. */
export function parseSrtTime(text: string): number {
  const m = /^\s*(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?\s*$/.exec(text);
  if (!m) return NaN;
  const [, h, min, s, frac] = m;
  if (Number(min) > 59 || Number(s) > 59) return NaN;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + (frac ? Number(frac.padEnd(3, '0')) / 1000 : 0);
}

export function formatSrt(cues: readonly SubtitleCue[]): string {
  return cues.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text.trim()}\n`).join('\n');
}

/** The cues of an SRT text, or the first problem found (with its cue number) as a Chinese sentence. */
export function parseSrt(text: string): { cues: SubtitleCue[] } | { error: string } {
  const blocks = text.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '').split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  const cues: SubtitleCue[] = [];
  for (const [i, block] of blocks.entries()) {
    const lines = block.split('\n');
    const timeAt = lines.findIndex((l) => l.includes('-->'));
    if (timeAt < 0 || timeAt > 1) return { error: `第 ${i + 1} 条缺少时间行（如 00:00:01,000 --> 00:00:03,000）` };
    const [a, b] = lines[timeAt]!.split('-->');
    const cue = { start: parseSrtTime(a ?? ''), end: parseSrtTime((b ?? '').trim().split(/\s+/)[0] ?? ''), text: lines.slice(timeAt + 1).join('\n').trim() };
    const problem = cueProblem(cue);
    if (problem) return { error: `第 ${i + 1} 条${problem}` };
    cues.push(cue);
  }
  return { cues };
}
