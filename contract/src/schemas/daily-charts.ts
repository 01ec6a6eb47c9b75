import { z } from 'zod';
import { COMFORT_MSG } from '../msg/comfort';

/**
 * The day-by-day charts of the usage dashboard and the points log (issue 17, comfort): POST /v1/number/daily and
 * POST /v2/points/daily, the caller's own numbers over the last `days` business days (oldest first, today last).
 */
export const DAILY_CHART_MAX_DAYS = 60;

export const DailyChartSchema = z.object({
  days: z.coerce
    .number({ error: COMFORT_MSG.dailyDaysInvalid })
    .int({ error: COMFORT_MSG.dailyDaysInvalid })
    .min(1, { error: COMFORT_MSG.dailyDaysInvalid })
    .max(DAILY_CHART_MAX_DAYS, { error: COMFORT_MSG.dailyDaysInvalid })
    .default(14),
});
export type DailyChartReq = z.input<typeof DailyChartSchema>;

/** Counts used per quota key (a model or a tool) per day; keys never used in the period are left out. */
export interface UsageDaily {
  days: string[];
  series: { key: string; name: string; data: number[] }[];
}

/** Points credited and spent per day (both positive). */
export interface PointsDaily {
  days: string[];
  income: number[];
  expense: number[];
}
