import { describe, expect, it } from 'vitest';
import { formatSrt, MEDIA_POINTS, parseSrt, parseSrtTime, srtTime, VIDEO_EDIT_TOOLS } from '@wanxiang/contract';
import { splitScript } from './dub';

describe('video-edit registry and SRT', () => {
  it('prices every task by its quota key (MEDIA_POINTS)', () => {
    for (const tool of VIDEO_EDIT_TOOLS.filter((x) => x.kind === 'task')) expect(tool.points).toBe(MEDIA_POINTS[tool.quotaKey as keyof typeof MEDIA_POINTS]);
  });

  it('reads and writes SRT, with Chinese problems by cue number', () => {
    const cues = [
      { start: 0.5, end: 2, text: '你好' },
      { start: 61.25, end: 3723.004, text: '第二行\n两行字' },
    ];
    const text = formatSrt(cues);
    expect(text).toContain('00:01:01,250 --> 01:02:03,004');
    expect(parseSrt(text)).toEqual({ cues });
    expect(parseSrt('\uFEFF1\r\n00:00:01.5 --> 00:00:02,000\r\n好\r\n')).toEqual({ cues: [{ start: 1.5, end: 2, text: '好' }] });
    expect(parseSrt('1\n00:00:03,000 --> 00:00:01,000\n反了')).toEqual({ error: '第 1 条的结束时间需晚于开始时间' });
    expect(parseSrt('1\n00:00:01,000 --> 00:00:02,000\n好\n\n2\n没有时间')).toEqual({ error: '第 2 条缺少时间行（如 00:00:01,000 --> 00:00:03,000）' });
    expect(parseSrt('1\n00:00:01,000 --> 00:00:02,000\n   ')).toEqual({ error: '第 1 条没有文字' });
    expect(parseSrtTime('1:05')).toBe(65);
    expect(Number.isNaN(parseSrtTime('00:61:00'))).toBe(true);
    expect(srtTime(-1)).toBe('00:00:00,000');
  });

  it('splits a dubbing script at sentence marks within the voice limit', () => {
    expect(splitScript('第一句。第二句！第三句', 8)).toEqual(['第一句。第二句！', '第三句']);
    expect(splitScript('一二三四五六七八九十', 4).every((p) => p.length <= 4)).toBe(true);
  });
});
