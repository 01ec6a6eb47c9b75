import { describe, expect, it } from 'vitest';
import type { TaskFile } from '@wanxiang/contract';
import { activeLine, clampRange, parseLrc, peaksOf, songParts } from './lrc';

const file = (name: string, contentType: string): TaskFile => ({ id: name, url: `/api/v1/files/${name}`, name, contentType, bytes: 1 });

describe('music view helpers', () => {
  it('parses LRC lines in time order and finds the line being sung', () => {
    const lines = parseLrc('[ti:夏夜]\n[by:万象AI]\n[00:01.50]海风吹\n[00:05.00]星光亮\n[01:02.25]回家路');
    expect(lines).toEqual([
      { time: 1.5, text: '海风吹' },
      { time: 5, text: '星光亮' },
      { time: 62.25, text: '回家路' },
    ]);
    expect(activeLine(lines, 0.5)).toBe(-1);
    expect(activeLine(lines, 1.5)).toBe(0);
    expect(activeLine(lines, 30)).toBe(1);
    expect(activeLine(lines, 70)).toBe(2);
  });

  it('pairs each take with its lyrics and finds the cover', () => {
    const parts = songParts([
      file('歌-第1版.mp3', 'audio/mpeg'),
      file('歌-第1版.lrc', 'text/plain'),
      file('歌-第2版.mp3', 'audio/mpeg'),
      file('歌-封面.png', 'image/png'),
    ]);
    expect(parts.takes.map((t) => [t.audio.name, t.lrc?.name])).toEqual([
      ['歌-第1版.mp3', '歌-第1版.lrc'],
      ['歌-第2版.mp3', undefined],
    ]);
    expect(parts.cover?.name).toBe('歌-封面.png');
  });

  it('measures peaks per column and keeps a range inside the audio', () => {
    const ch = new Float32Array(800).map((_, i) => (i < 400 ? 0.1 : -0.8));
    expect(peaksOf([ch], 2).map((p) => Math.round(p * 10) / 10)).toEqual([0.1, 0.8]);
    expect(clampRange(-3, 4, 10)).toEqual({ start: 0, end: 4 });
    expect(clampRange(9.9, 12, 10)).toEqual({ start: 9.5, end: 10 });
    expect(clampRange(5, 5.1, 10)).toEqual({ start: 5, end: 5.5 });
  });
});
