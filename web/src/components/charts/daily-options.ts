import type { EChartsOption } from 'echarts';
import { COMFORT_MSG as T, type PointsDaily, type UsageDaily } from '@wanxiang/contract';

/** 'YYYY-MM-DD' -> 'MM-DD': the year only takes room on the axis. */
const short = (day: string) => day.slice(5);

/** Stacked bars: one series per model or tool the user used in the period, a day per bar. */
export function usageDailyOption(data: UsageDaily): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 12, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.days.map(short) },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.series.map((s) => ({ name: s.name, type: 'bar', stack: 'usage', data: s.data, barMaxWidth: 28 })),
  };
}

/** Income above the axis, spending below it, a day per bar. */
export function pointsDailyOption(data: PointsDaily): EChartsOption {
  return {
    // Spending is drawn below the axis; the tooltip says how much, without the sign.
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => String(Math.abs(Number(v))) },
    legend: { bottom: 0 },
    grid: { left: 8, right: 12, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.days.map(short) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: T.pointsChartIncome, type: 'bar', stack: 'points', data: data.income, itemStyle: { color: '#52c41a' }, barMaxWidth: 20 },
      { name: T.pointsChartExpense, type: 'bar', stack: 'points', data: data.expense.map((v) => -v), itemStyle: { color: '#ff7a45' }, barMaxWidth: 20 },
    ],
  };
}
