import { z } from 'zod';
import { ADMIN_CONSOLE_MSG } from '../msg/admin-console';

/**
 * The admin dashboard's numbers (GET /api/admin/stats, docs/api.md "Admin stats"): per business day (TZ_BUSINESS,
 * Asia/Shanghai by default) counts read from what the database records, today against the days before it.
 */

export const ADMIN_STATS_DAYS_DEFAULT = 30;
export const ADMIN_STATS_DAYS_MAX = 90;
/** Rows of each ranking (models, tools, errors). */
export const ADMIN_STATS_TOP = 10;

/** GET /api/admin/stats?days=N: N whole days before today form the comparison window. */
export const AdminStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: ADMIN_CONSOLE_MSG.statsDaysInvalid })
    .int({ error: ADMIN_CONSOLE_MSG.statsDaysInvalid })
    .min(1, { error: ADMIN_CONSOLE_MSG.statsDaysInvalid })
    .max(ADMIN_STATS_DAYS_MAX, { error: ADMIN_CONSOLE_MSG.statsDaysInvalid })
    .default(ADMIN_STATS_DAYS_DEFAULT),
});
export type AdminStatsQuery = z.infer<typeof AdminStatsQuerySchema>;

/** The per-day numbers, in the order the console shows them. */
export const ADMIN_STATS_METRICS = [
  'newUsers',
  'activeUsers',
  'payingUsers',
  'revenueCents',
  'paidOrders',
  'chats',
  'toolRuns',
  'vendorErrors',
] as const;
export type AdminStatsMetric = (typeof ADMIN_STATS_METRICS)[number];

/**
 * One business day. newUsers: accounts made; activeUsers: distinct accounts that logged in, asked a chat question or
 * ran a tool; payingUsers / paidOrders / revenueCents: paid shop orders by payment time (cents); chats: questions asked
 * in chats (kept history only); toolRuns: tasks submitted plus prompt-tool runs; vendorErrors: chat replies that failed
 * plus tasks that failed.
 */
export type AdminStatsDay = { day: string } & Record<AdminStatsMetric, number>;

export interface AdminStatsRank {
  key: string;
  /** The catalog's or the tool registry's Chinese name; the key when neither knows it. */
  name: string;
  count: number;
}

export interface AdminStats {
  timeZone: string;
  /** The business day of the request, 'YYYY-MM-DD'. */
  today: string;
  /** Length of the comparison window in days (the query's `days`). */
  days: number;
  /** The window's days then today, oldest first: `days + 1` entries, zero-filled. */
  series: AdminStatsDay[];
  /**
   * The window before today: `total` sums each metric over those days, except activeUsers and payingUsers which count
   * distinct accounts; `average` is the mean per day of the daily values (two decimals).
   */
  window: { total: Record<AdminStatsMetric, number>; average: Record<AdminStatsMetric, number> };
  /** Every account now (banned ones too). */
  usersTotal: number;
  /** Rankings over the series' days (window and today). */
  topModels: AdminStatsRank[];
  topTools: AdminStatsRank[];
  errors: {
    /** Failed chat replies by the model's vendor (catalog `vendor`; 'unknown' for models gone from the catalog). */
    byVendor: AdminStatsRank[];
    /** Failed chat replies by model. */
    byModel: (AdminStatsRank & { vendor: string })[];
    /** Failed tasks by tool. */
    byTool: AdminStatsRank[];
  };
  /** When the numbers were read (ISO). */
  generatedAt: string;
}
