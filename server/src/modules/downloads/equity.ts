import type { EquityTable } from '@wanxiang/contract';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The membership benefits table of /equity, straight from tiers.json (the same document the quota
 * gates count with, the console's saved copy included), so the page can never promise other numbers
 * than the server enforces. The Catalog's check has passed on the same content (boot, console save).
 */
export function equityTable(tiers: unknown): EquityTable {
  const file = tiers as {
    quotaKeys: Record<string, string>;
    levels: { vip: number; name: string; daily: Record<string, number> }[];
  };
  return {
    quota_keys: Object.entries(file.quotaKeys).map(([key, label]) => ({ key, label })),
    levels: file.levels.map((l) => ({ vip: l.vip, name: l.name, daily: { ...l.daily } })),
  };
}

const EQUITY_SPEC: LiveSpec<EquityTable> = { documents: ['tiers'], build: (read) => equityTable(read('tiers')) };

/** The table in force for this app, rebuilt when tiers is saved or reset. */
export function equityOf(ctx: LiveValueHost): EquityTable {
  return liveValueOf(ctx, 'downloads.equity', EQUITY_SPEC);
}
