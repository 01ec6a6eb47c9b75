import { describe, expect, it } from 'vitest';
import type { AdminStatsDay } from '@wanxiang/contract';
import { TREND_CHARTS, trendOption } from './chart-options';

const day = (d: string, over: Partial<AdminStatsDay> = {}): AdminStatsDay => ({
  day: d,
  newUsers: 0,
  activeUsers: 0,
  payingUsers: 0,
  revenueCents: 0,
  paidOrders: 0,
  chats: 0,
  toolRuns: 0,
  vendorErrors: 0,
  ...over,
});

describe('dashboard chart options', () => {
  const series = [day('2026-04-30', { newUsers: 2, activeUsers: 5 }), day('2026-05-01', { revenueCents: 1990, chats: 7 })];

  it('draws one named series per metric over MM-DD days', () => {
    const chart = TREND_CHARTS.find((c) => c.metrics.includes('newUsers'))!;
    const o = trendOption(series, chart) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[]; color: string[] };
    expect(o.xAxis.data).toEqual(['04-30', '05-01']);
    expect(o.series.map((s) => s.name)).toEqual(['新增用户', '付费用户']);
    expect(o.series[0]!.data).toEqual([2, 0]);
    expect(o.series[1]!.data).toEqual([0, 0]);
    expect(o.color).toHaveLength(2);
  });

  it('charts each metric once (paid orders only as a card)', () => {
    expect(TREND_CHARTS.flatMap((c) => c.metrics).sort()).toEqual(['activeUsers', 'chats', 'newUsers', 'payingUsers', 'revenueCents', 'toolRuns', 'vendorErrors']);
  });

  it('draws revenue in yuan as bars', () => {
    const o = trendOption(series, TREND_CHARTS.find((c) => c.metrics.includes('revenueCents'))!) as { series: { type: string; data: number[] }[] };
    expect(o.series[0]).toMatchObject({ type: 'bar', data: [0, 19.9] });
  });
});
