import { describe, expect, it } from 'vitest';
import { formatDelta, formatTime } from './format';

describe('points bill formatting', () => {
  it('signs income and keeps expense', () => {
    expect(formatDelta(10)).toBe('+10');
    expect(formatDelta(-3)).toBe('-3');
    expect(formatDelta(0)).toBe('0');
  });
  it('formats times and tolerates bad input', () => {
    expect(formatTime('2026-11-22T04:05:00.000Z')).toMatch(/^2026-11-2\d \d{2}:05$/);
    expect(formatTime('nope')).toBe('');
  });
});
