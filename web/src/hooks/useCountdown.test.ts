import { describe, expect, it } from 'vitest';
import { secondsLeft } from './useCountdown';

describe('secondsLeft', () => {
  it('rounds up partial seconds and never goes negative', () => {
    expect(secondsLeft(120_000, 0)).toBe(120);
    expect(secondsLeft(120_000, 500)).toBe(120);
    expect(secondsLeft(120_000, 119_001)).toBe(1);
    expect(secondsLeft(120_000, 120_000)).toBe(0);
    expect(secondsLeft(120_000, 999_999)).toBe(0);
  });
});
