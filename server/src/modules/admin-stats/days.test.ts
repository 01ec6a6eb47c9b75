import { describe, expect, it } from 'vitest';
import { addDays, averageSeries, daysBefore, fillSeries, sumSeries, zeroDay } from './days';

describe('dashboard days', () => {
  it('steps over month, year and leap-day ends by the calendar', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(() => addDays('2025-1-1', 1)).toThrow();
  });

  it('lists the days before today, oldest first, without today', () => {
    expect(daysBefore('2026-03-02', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysBefore('2026-03-02', 0)).toEqual([]);
  });

  it('keeps a day of a daylight-saving zone once (calendar arithmetic, not 24-hour steps)', () => {
    // Europe/Berlin's 2026-03-29 lasts 23 hours; counting back by days still names each date once.
    expect(daysBefore('2026-03-30', 2)).toEqual(['2026-03-28', '2026-03-29']);
  });

  it('lays counts on the days zero-filled, adds two sources of one day and drops days outside the list', () => {
    const days = ['2026-05-01', '2026-05-02', '2026-05-03'];
    const series = fillSeries(days, {
      chats: [
        { day: '2026-05-01', n: 2 },
        { day: '2026-04-30', n: 99 },
      ],
      toolRuns: [
        { day: '2026-05-03', n: 1 },
        { day: '2026-05-03', n: 2 },
      ],
      // bigint columns arrive as strings from node-postgres
      revenueCents: [{ day: '2026-05-02', n: '1990' as unknown as number }],
    });
    expect(series.map((d) => d.day)).toEqual(days);
    expect(series.map((d) => d.chats)).toEqual([2, 0, 0]);
    expect(series.map((d) => d.toolRuns)).toEqual([0, 0, 3]);
    expect(series.map((d) => d.revenueCents)).toEqual([0, 1990, 0]);
    expect(series[1]!.newUsers).toBe(0);
  });

  it('sums and averages each metric over the days (two decimals)', () => {
    const a = { ...zeroDay('2026-05-01'), chats: 1, revenueCents: 100 };
    const b = { ...zeroDay('2026-05-02'), chats: 1 };
    const c = { ...zeroDay('2026-05-03'), chats: 0, revenueCents: 1 };
    expect(sumSeries([a, b, c])).toMatchObject({ chats: 2, revenueCents: 101, newUsers: 0 });
    expect(averageSeries([a, b, c])).toMatchObject({ chats: 0.67, revenueCents: 33.67, newUsers: 0 });
    expect(averageSeries([]).chats).toBe(0);
  });
});
