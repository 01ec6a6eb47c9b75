import { describe, expect, it } from 'vitest';
import { parseSrt } from '@wanxiang/contract';
import { rowAfter, rowOf, rowProblems, srtOfResult, srtOfRows } from './srt-rows';

describe('subtitle editor rows', () => {
  it('flags bad rows by key, and exports the good ones as SRT sorted by start', () => {
    const a = rowOf({ start: 5, end: 7, text: '第二句' });
    const b = rowOf({ start: 0.5, end: 2, text: '第一句' });
    const bad = { ...rowAfter(a), text: '' };
    expect(bad.start).toBe('00:00:07,000');
    expect(bad.end).toBe('00:00:09,000');
    const flipped = { ...b, end: '00:00:00,100' };
    const problems = rowProblems([a, flipped, bad]);
    expect(problems.get(a.key)).toBeUndefined();
    expect(problems.get(flipped.key)).toBe('的结束时间需晚于开始时间');
    expect(problems.get(bad.key)).toBe('没有文字');
    const srt = srtOfRows([a, b]);
    expect(srt.startsWith('1\n00:00:00,500 --> 00:00:02,000\n第一句\n')).toBe(true);
    expect(parseSrt(srt)).toEqual({ cues: [{ start: 0.5, end: 2, text: '第一句' }, { start: 5, end: 7, text: '第二句' }] });
  });

  it('reads the SRT a recognise run fenced in its result text', () => {
    expect(srtOfResult('识别出 1 条字幕。\n\n```srt\n1\n00:00:00,000 --> 00:00:01,000\n好\n```')).toBe('1\n00:00:00,000 --> 00:00:01,000\n好\n');
    expect(srtOfResult(undefined)).toBe('');
  });
});
