import { describe, expect, it } from 'vitest';
import { percentile, STATS_WINDOW_MS, VendorCallStats } from './stats';

describe('vendor call stats', () => {
  it('answers nulls without calls', () => {
    expect(new VendorCallStats().summary('deepseek')).toEqual({ calls: 0, errors: 0, errorRate: null, latencyP50Ms: null, latencyP95Ms: null });
  });

  it('counts the last 24 hours only, per vendor, with nearest-rank percentiles of the successful calls', () => {
    let now = 1_000_000_000;
    const stats = new VendorCallStats(() => now);
    stats.failed('deepseek');
    now += STATS_WINDOW_MS + 1; // that failure is now older than the window
    for (let ms = 1; ms <= 20; ms++) stats.ok('deepseek', ms * 10);
    stats.failed('deepseek');
    stats.ok('openai', 5);
    expect(stats.summary('deepseek')).toEqual({ calls: 21, errors: 1, errorRate: 1 / 21, latencyP50Ms: 100, latencyP95Ms: 190 });
    expect(stats.summary('openai')).toMatchObject({ calls: 1, errors: 0, latencyP50Ms: 5 });
  });

  it('keeps a bounded ring per vendor', () => {
    const stats = new VendorCallStats();
    for (let i = 0; i < 5000; i++) stats.ok('zhipu', i % 2 ? 1 : 3);
    expect(stats.summary('zhipu').calls).toBe(2000);
  });

  it('percentile', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
  });
});
