import type { EChartsOption } from 'echarts';
import { ADMIN_CONSOLE_MSG as T, type AdminStatsDay, type AdminStatsMetric } from '@wanxiang/contract';

/**
 * ECharts options of the dashboard's trend charts (pure, unit-tested; only the types of echarts are imported here, the
 * library itself loads with the first chart drawn). One series per metric, the days on the x axis as MM-DD.
 */

export interface TrendChart {
  title: string;
  metrics: readonly AdminStatsMetric[];
  kind: 'line' | 'bar';
  /** Series colours in metric order (ECharts' palette when absent). */
  colors?: readonly string[];
  /** Spans the whole row (the last chart, so two-per-row layouts end evenly). */
  wide?: boolean;
}

/** Metrics of one scale share a chart: active users run in thousands where payers run in tens. */
export const TREND_CHARTS: readonly TrendChart[] = [
  { title: T.chartActive, metrics: ['activeUsers'], kind: 'line' },
  { title: T.chartNewPaying, metrics: ['newUsers', 'payingUsers'], kind: 'line', colors: ['#5470c6', '#fac858'] },
  { title: T.chartUsage, metrics: ['chats', 'toolRuns'], kind: 'line', colors: ['#5470c6', '#91cc75'] },
  { title: T.chartErrors, metrics: ['vendorErrors'], kind: 'bar', colors: ['#ee6666'] },
  { title: T.chartRevenue, metrics: ['revenueCents'], kind: 'bar', colors: ['#3ba272'], wide: true },
];

/** Revenue is drawn in yuan; every other metric as counted. */
const plotted = (metric: AdminStatsMetric, v: number) => (metric === 'revenueCents' ? Math.round(v) / 100 : v);

export function trendOption(series: readonly AdminStatsDay[], chart: TrendChart): EChartsOption {
  return {
    ...(chart.colors ? { color: [...chart.colors] } : {}),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: chart.metrics.map((m) => T.metricNames[m]!) },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: chart.kind === 'bar', data: series.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: chart.metrics.includes('revenueCents') ? 0 : 1 },
    series: chart.metrics.map((m) => ({
      name: T.metricNames[m]!,
      type: chart.kind,
      showSymbol: series.length <= 31,
      data: series.map((d) => plotted(m, d[m])),
    })),
  };
}
