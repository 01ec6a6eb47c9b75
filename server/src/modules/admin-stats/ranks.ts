import type { AdminStatsRank } from '@wanxiang/contract';

/** Rankings of the dashboard from grouped counts (pure): names looked up, vendors summed, the top kept. */

export interface KeyCount {
  key: string;
  n: number;
}

/** The vendor of a catalog model that no longer exists (renamed or removed since the rows were written). */
export const UNKNOWN_VENDOR = 'unknown';

const byCountThenKey = (a: { count: number; key: string }, b: { count: number; key: string }) =>
  b.count - a.count || a.key.localeCompare(b.key);

/** Counts with their display names, biggest first (ties by key), at most `top`. */
export function rank(rows: readonly KeyCount[], nameOf: (key: string) => string | undefined, top: number): AdminStatsRank[] {
  return rows
    .map((r) => ({ key: r.key, name: nameOf(r.key) || r.key, count: Number(r.n) }))
    .sort(byCountThenKey)
    .slice(0, top);
}

export interface ModelFacts {
  name: string;
  vendor: string;
}

/** Failed replies by model (with the model's vendor) and the same counts summed per vendor, each at most `top`. */
export function errorRanks(
  rows: readonly KeyCount[],
  modelOf: (key: string) => ModelFacts | undefined,
  top: number,
): { byModel: (AdminStatsRank & { vendor: string })[]; byVendor: AdminStatsRank[] } {
  const perVendor = new Map<string, number>();
  const byModel = rows.map((r) => {
    const facts = modelOf(r.key);
    const vendor = facts?.vendor || UNKNOWN_VENDOR;
    perVendor.set(vendor, (perVendor.get(vendor) ?? 0) + Number(r.n));
    return { key: r.key, name: facts?.name || r.key, vendor, count: Number(r.n) };
  });
  const byVendor = [...perVendor].map(([vendor, count]) => ({ key: vendor, name: vendor, count }));
  return { byModel: byModel.sort(byCountThenKey).slice(0, top), byVendor: byVendor.sort(byCountThenKey).slice(0, top) };
}
