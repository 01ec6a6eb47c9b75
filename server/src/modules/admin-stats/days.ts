import { ADMIN_STATS_METRICS, type AdminStatsDay, type AdminStatsMetric } from '@wanxiang/contract';

/**
 * Business-day arithmetic and bucketing of the dashboard (pure, no database): the days of the series, per-day counts
 * laid on them zero-filled, and the window's sums and means. Days are 'YYYY-MM-DD' strings of TZ_BUSINESS; stepping
 * back is calendar arithmetic on the date alone, so a daylight-saving zone never skips or repeats a day.
 */

export interface DayCount {
  day: string;
  n: number;
}

export type MetricRows = Partial<Record<AdminStatsMetric, readonly DayCount[]>>;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `day` moved by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + delta));
  return at.toISOString().slice(0, 10);
}

/** The `count` days before `today`, oldest first (today itself is not among them). */
export function daysBefore(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count));
}

export function zeroDay(day: string): AdminStatsDay {
  const out = { day } as AdminStatsDay;
  for (const m of ADMIN_STATS_METRICS) out[m] = 0;
  return out;
}

/**
 * One entry per day of `days` (in that order) with each metric's count, 0 where no row names the day. Rows of days
 * outside the list (the database's coarse time filter reads a little more) are dropped; two rows of one day add up
 * (a metric read from two tables).
 */
export function fillSeries(days: readonly string[], rows: MetricRows): AdminStatsDay[] {
  const byDay = new Map(days.map((d) => [d, zeroDay(d)]));
  for (const metric of ADMIN_STATS_METRICS) {
    for (const r of rows[metric] ?? []) {
      const entry = byDay.get(r.day);
      if (entry) entry[metric] += Number(r.n);
    }
  }
  return days.map((d) => byDay.get(d)!);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Each metric's sum over the days. */
export function sumSeries(series: readonly AdminStatsDay[]): Record<AdminStatsMetric, number> {
  const out = {} as Record<AdminStatsMetric, number>;
  for (const m of ADMIN_STATS_METRICS) out[m] = series.reduce((s, d) => s + d[m], 0);
  return out;
}

/** Each metric's mean per day over the days (two decimals; 0 for no days). */
export function averageSeries(series: readonly AdminStatsDay[]): Record<AdminStatsMetric, number> {
  const sums = sumSeries(series);
  const out = {} as Record<AdminStatsMetric, number>;
  for (const m of ADMIN_STATS_METRICS) out[m] = series.length ? round2(sums[m] / series.length) : 0;
  return out;
}
