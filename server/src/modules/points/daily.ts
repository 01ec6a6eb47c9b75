import { sql } from 'drizzle-orm';
import type { PointsDaily } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { rows } from '../../db/sql';
import { lastBusinessDays } from '../quota/daily';

const DAY_MS = 86_400_000;

/**
 * POST /v2/points/daily (issue 17, comfort): points credited and spent per business day from the caller's ledger
 * (the same rows as the points bill), for the chart above it.
 */
export async function pointsDaily(ctx: Pick<AppContext, 'database' | 'config'>, userId: number, days: number, now = new Date()): Promise<PointsDaily> {
  const tz = ctx.config.tzBusiness;
  const dayList = lastBusinessDays(days, tz, now);
  // A day of margin for the zone's offset; rows outside the day list are dropped below.
  const since = new Date(now.getTime() - (days + 1) * DAY_MS);
  const found = await rows<{ day: string; income: number; expense: number }>(
    ctx.database.db,
    sql`SELECT to_char(created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
        sum(GREATEST(delta, 0))::int AS income, sum(GREATEST(-delta, 0))::int AS expense
      FROM points_ledger WHERE user_id = ${userId}::bigint AND created_at >= ${since.toISOString()}::timestamptz
      GROUP BY 1`,
  );
  const byDay = new Map(found.map((r) => [r.day, r]));
  return {
    days: dayList,
    income: dayList.map((d) => Number(byDay.get(d)?.income ?? 0)),
    expense: dayList.map((d) => Number(byDay.get(d)?.expense ?? 0)),
  };
}
