import { describe, expect, it } from 'vitest';
import { countChars, formatCount } from './word-count';

describe('formatCount', () => {
  it('shows characters under 1000, then thousands (千), then ten-thousands (万)', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_000)).toBe('1千');
    expect(formatCount(1_250)).toBe('1.2千');
    expect(formatCount(9_999)).toBe('9.9千');
    expect(formatCount(10_000)).toBe('1万');
    expect(formatCount(35_600)).toBe('3.5万');
    expect(formatCount(1_234_567)).toBe('123.4万');
    expect(formatCount(-3)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('countChars', () => {
  it('counts code points without whitespace', () => {
    expect(countChars('你好 world\n')).toBe(7);
    expect(countChars('😀a')).toBe(2);
    expect(countChars('')).toBe(0);
  });
});
