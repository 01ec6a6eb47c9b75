import type { ChartType } from '@wanxiang/contract';
import { cellNumber, tableStats, type DataTable } from './table-data';

/**
 * The chart the demo upstream answers (no vendor keys): a real ECharts option built from the
 * user's own data, so the page, the export and the history can be tried end to end. It also
 * picks the type for 自动选择. Small on purpose: the demo answer travels in a header.
 */

/** The chart type label of the form -> the series type ('自动选择' -> null). */
export const CHART_TYPE_OF_LABEL: Readonly<Record<string, ChartType | null>> = {
  自动选择: null,
  柱状图: 'bar',
  折线图: 'line',
  饼图: 'pie',
  散点图: 'scatter',
  雷达图: 'radar',
  漏斗图: 'funnel',
  仪表盘: 'gauge',
};

/** Most categories and series a demo chart draws. */
const DEMO_ROWS = 12;
const DEMO_SERIES = 3;

/** A small table used when the user only described a chart (the demo cannot read a description). */
export const SAMPLE_TABLE: DataTable = {
  columns: ['类别', '数值'],
  rows: [
    ['一月', '120'],
    ['二月', '200'],
    ['三月', '150'],
    ['四月', '80'],
    ['五月', '170'],
  ],
};

interface Shape {
  labels: string[];
  series: { name: string; values: number[] }[];
  /** The label column looks like dates or ordered periods. */
  timeLike: boolean;
}

/** The label column (first non-numeric one, else the row number) and up to DEMO_SERIES numeric columns. */
function shapeOf(table: DataTable): Shape {
  const stats = tableStats(table);
  const labelCol = stats.list.findIndex((c) => c.kind !== 'number');
  const numeric = stats.list.map((c, i) => (c.kind === 'number' && i !== labelCol ? i : -1)).filter((i) => i >= 0).slice(0, DEMO_SERIES);
  const rows = table.rows.slice(0, DEMO_ROWS);
  const labels = rows.map((r, i) => (labelCol >= 0 ? r[labelCol] || `第${i + 1}行` : `第${i + 1}行`));
  const series = numeric.map((i) => ({ name: table.columns[i]!, values: rows.map((r) => cellNumber(r[i] ?? '') ?? 0) }));
  const timeLike = labelCol >= 0 && (stats.list[labelCol]!.kind === 'date' || labels.every((l) => /^\d{1,4}\s*(年|月|日|季度|周|Q\d)?$|^[一二三四五六七八九十]+月$|^\d+月$/.test(l)));
  return { labels, series, timeLike };
}

/** The type 自动选择 picks: one series of a few parts -> pie; periods -> line; otherwise bar. */
export function autoChartType(table: DataTable): ChartType {
  const shape = shapeOf(table);
  if (shape.series.length === 1 && shape.labels.length <= 6 && !shape.timeLike) return 'pie';
  return shape.timeLike ? 'line' : 'bar';
}

/** The ECharts option of the table drawn as `type`, titled `title`. */
export function demoChartOption(table: DataTable, type: ChartType, title: string): Record<string, unknown> {
  const { labels, series } = shapeOf(table);
  const data = series.length ? series : [{ name: '计数', values: labels.map(() => 1) }];
  const first = data[0]!;
  const head = { title: { text: title, left: 'center' }, tooltip: { trigger: type === 'pie' || type === 'funnel' ? 'item' : 'axis' } };
  const legend = { bottom: 0, data: data.map((s) => s.name) };
  switch (type) {
    case 'pie':
    case 'funnel':
      return {
        ...head,
        legend: { bottom: 0, data: labels },
        series: [{ type, name: first.name, ...(type === 'pie' ? { radius: '60%' } : { top: 50, bottom: 40 }), data: labels.map((name, i) => ({ name, value: first.values[i] ?? 0 })) }],
      };
    case 'gauge': {
      const total = first.values.reduce((a, b) => a + b, 0);
      const max = Math.max(...first.values, 1);
      return { ...head, series: [{ type, name: first.name, max: Math.ceil(max * 1.2), detail: { valueAnimation: true }, data: [{ name: `${first.name}平均`, value: Math.round((total / Math.max(first.values.length, 1)) * 100) / 100 }] }] };
    }
    case 'radar': {
      const max = Math.max(...data.flatMap((s) => s.values), 1);
      return {
        ...head,
        tooltip: { trigger: 'item' },
        legend,
        radar: { indicator: labels.slice(0, 8).map((name) => ({ name, max: Math.ceil(max * 1.1) })) },
        series: [{ type, data: data.map((s) => ({ name: s.name, value: s.values.slice(0, 8) })) }],
      };
    }
    case 'scatter':
      return {
        ...head,
        tooltip: { trigger: 'item' },
        legend,
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value' },
        series: data.map((s) => ({ type, name: s.name, symbolSize: 12, data: s.values })),
      };
    default:
      return {
        ...head,
        legend,
        grid: { left: 48, right: 24, bottom: 48, containLabel: true },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value' },
        series: data.map((s) => ({ type, name: s.name, ...(type === 'line' ? { smooth: true } : {}), data: s.values })),
      };
  }
}
