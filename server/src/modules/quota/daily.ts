import { sql } from 'drizzle-orm';
import type { UsageDaily } from '@wanxiang/contract';
import { rows } from '../../db/sql';
import type { NumbersContext } from './numbers';
import { businessDay } from './period';

const DAY_MS = 86_400_000;

/** The last `days` business days in a time zone, oldest first, today last. */
export function lastBusinessDays(days: number, timeZone: string, now = new Date()): string[] {
  const out: string[] = [];
  // Steps of 24 h: exact in zones without daylight saving (Asia/Shanghai); elsewhere a repeated day is dropped.
  for (let i = days - 1; i >= 0; i--) out.push(businessDay(new Date(now.getTime() - i * DAY_MS), timeZone));
  return [...new Set(out)];
}

/**
 * POST /v1/number/daily (issue 17, comfort): the caller's used counts per quota key per business day, read from the
 * daily counters themselves (quota_usage), so the chart always agrees with what was charged.
 */
export async function usageDaily(ctx: NumbersContext, userId: number, days: number, now = new Date()): Promise<UsageDaily> {
  const dayList = lastBusinessDays(days, ctx.config.tzBusiness, now);
  const first = dayList[0] as string;
  const last = dayList[dayList.length - 1] as string;
  const found = await rows<{ quota_key: string; period: string; used: number }>(
    ctx.database.db,
    sql`SELECT quota_key, period, used FROM quota_usage
      WHERE user_id = ${userId}::bigint AND period >= ${first} AND period <= ${last} AND used > 0`,
  );
  const index = new Map(dayList.map((d, i) => [d, i]));
  const byKey = new Map<string, number[]>();
  for (const r of found) {
    const at = index.get(r.period);
    if (at === undefined) continue;
    const data = byKey.get(r.quota_key) ?? dayList.map(() => 0);
    data[at] = Number(r.used);
    byKey.set(r.quota_key, data);
  }
  // Catalog order and names; a key the catalog dropped since keeps its code as its name.
  const names = new Map(ctx.catalog.quotaKeys().map((q) => [q.key, q.label]));
  const order = [...names.keys()];
  const keys = [...byKey.keys()].sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9));
  return { days: dayList, series: keys.map((key) => ({ key, name: names.get(key) ?? key, data: byKey.get(key) ?? [] })) };
}
