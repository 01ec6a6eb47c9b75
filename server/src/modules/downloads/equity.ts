import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EquityTable } from '@wanxiang/contract';

/**
 * The membership benefits table of /equity, straight from tiers.json (the same file the quota
 * gates count with), so the page can never promise other numbers than the server enforces.
 */
export function loadEquity(dir: string): EquityTable {
  const file = JSON.parse(readFileSync(join(dir, 'tiers.json'), 'utf8')) as {
    quotaKeys: Record<string, string>;
    levels: { vip: number; name: string; daily: Record<string, number> }[];
  };
  return {
    quota_keys: Object.entries(file.quotaKeys).map(([key, label]) => ({ key, label })),
    levels: file.levels.map((l) => ({ vip: l.vip, name: l.name, daily: { ...l.daily } })),
  };
}
