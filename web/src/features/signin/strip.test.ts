import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/request';
import { needsMarquee, serializeError, shortDate, stripDays } from './strip';

const list = (signedUpTo: number) =>
  Array.from({ length: 7 }, (_, i) => ({ day: i + 1, date: `2026-11-${String(16 + i).padStart(2, '0')}`, gift: `G${i + 1}`, signed: i < signedUpTo }));

describe('sign-in strip', () => {
  it('scrolls gift texts over 8 characters, counting Chinese characters as one', () => {
    expect(needsMarquee('AI视频×10')).toBe(false);
    expect(needsMarquee('一二三四五六七八')).toBe(false);
    expect(needsMarquee('一二三四五六七八九')).toBe(true);
    expect(needsMarquee('高阶模型×5 + AI音乐×5')).toBe(true);
  });

  it('not signed today: signed days, then today is the next streak day', () => {
    const days = stripDays({ list: list(2), continue_days: 2, signin: false });
    expect(days.map((d) => d.state)).toEqual(['signed', 'signed', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('signed today: today is the last signed day', () => {
    const days = stripDays({ list: list(3), continue_days: 3, signin: true });
    expect(days.map((d) => d.state)).toEqual(['signed', 'signed', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(stripDays({ list: list(0), continue_days: 0, signin: false })[0]!.state).toBe('today');
    expect(stripDays({ list: list(7), continue_days: 7, signin: true })[6]!.state).toBe('today');
  });

  it('formats dates and serializes errors', () => {
    expect(shortDate('2026-11-22')).toBe('11-22');
    expect(serializeError(new RequestError(500, '服务器错误'))).toBe('{"code":500,"msg":"服务器错误"}');
    expect(serializeError(new Error('x'))).toBe('{"name":"Error","message":"x"}');
    expect(serializeError(undefined)).toBe('null');
  });
});
