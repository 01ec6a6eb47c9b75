import { ADMIN_STATS_TOP, toolById, type AdminStats } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { businessDay } from '../quota/period';
import { averageSeries, daysBefore, fillSeries, sumSeries } from './days';
import { errorRanks, rank } from './ranks';
import * as store from './store';

/** What the dashboard reads: the database, the business time zone, and the catalog for model names and vendors. */
export type StatsContext = Pick<AppContext, 'database' | 'catalog'> & { config: Pick<AppContext['config'], 'tzBusiness'> };

const DAY_MS = 86_400_000;

/**
 * The dashboard's numbers: `days` whole days before today (the comparison window) and today, per business day, with
 * the window's totals and means and the rankings of the whole series. Read-only; the caller checked the admin role.
 */
export async function adminStats(ctx: StatsContext, days: number, now = new Date()): Promise<AdminStats> {
  const db = ctx.database.db;
  const tz = ctx.config.tzBusiness;
  const today = businessDay(now, tz);
  const windowDays = daysBefore(today, days);
  const seriesDays = [...windowDays, today];
  // A coarse bound two days wider than the period: a day of a daylight-saving zone may last 25 hours.
  const period: store.Period = { tz, since: new Date(now.getTime() - (days + 2) * DAY_MS), firstDay: seriesDays[0]!, today };

  const [newUsers, active, chats, toolRuns, vendorErrors, orders, activeWindow, payingWindow, usersTotal, models, tools, failedModels, failedTools] =
    await Promise.all([
      store.newUsersPerDay(db, period),
      store.activeUsersPerDay(db, period),
      store.chatsPerDay(db, period),
      store.toolRunsPerDay(db, period),
      store.vendorErrorsPerDay(db, period),
      store.paidOrdersPerDay(db, period),
      store.activeUsersInWindow(db, period),
      store.payingUsersInWindow(db, period),
      store.countUsers(db),
      store.repliesByModel(db, period, ADMIN_STATS_TOP),
      store.runsByTool(db, period, ADMIN_STATS_TOP),
      store.failedRepliesByModel(db, period),
      store.failedTasksByTool(db, period, ADMIN_STATS_TOP),
    ]);

  const series = fillSeries(seriesDays, {
    newUsers,
    activeUsers: active,
    chats,
    toolRuns,
    vendorErrors,
    paidOrders: orders.map((o) => ({ day: o.day, n: o.orders })),
    payingUsers: orders.map((o) => ({ day: o.day, n: o.payers })),
    revenueCents: orders.map((o) => ({ day: o.day, n: Number(o.cents) })),
  });
  const window = series.slice(0, days);
  // Accounts are counted once over the window, however many days they were active or paid.
  const total = { ...sumSeries(window), activeUsers: activeWindow, payingUsers: payingWindow };

  const modelName = (key: string) => ctx.catalog.get(key)?.label;
  const toolName = (id: string) => toolById(id)?.title;
  const errors = errorRanks(
    failedModels,
    (key) => {
      const m = ctx.catalog.get(key);
      return m ? { name: m.label, vendor: m.vendor } : undefined;
    },
    ADMIN_STATS_TOP,
  );

  return {
    timeZone: tz,
    today,
    days,
    series,
    window: { total, average: averageSeries(window) },
    usersTotal,
    topModels: rank(models, modelName, ADMIN_STATS_TOP),
    topTools: rank(tools, toolName, ADMIN_STATS_TOP),
    errors: { ...errors, byTool: rank(failedTools, toolName, ADMIN_STATS_TOP) },
    generatedAt: now.toISOString(),
  };
}
