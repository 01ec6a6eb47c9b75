import { MSG, type UsageItem } from '@wanxiang/contract';

/** Usage dashboard numbers (docs/product/quota-and-points.md §3): max -1 = 不限, null = 无, else the count with its unit. */
export function formatCount(value: number | null, unit: string): string {
  if (value === null) return MSG.usageNone;
  if (value < 0) return MSG.usageUnlimited;
  return `${value}${unit}`;
}

export interface UsageRow {
  key: string;
  name: string;
  /** 每日 / 长期有效 */
  period: string;
  balance: string;
  max: string;
  /** 0..100 of the bar, or null when there is no bar (unlimited or none). */
  percent: number | null;
  child: boolean;
}

function rowOf(item: UsageItem, child: boolean): UsageRow {
  const bounded = item.max !== null && item.max > 0 && item.balance !== null && item.balance >= 0;
  return {
    key: item.key,
    name: item.name,
    period: item.number_time,
    balance: formatCount(item.balance, item.number_unit),
    max: formatCount(item.max, item.number_unit),
    percent: bounded ? Math.round((Math.min(item.balance!, item.max!) / item.max!) * 100) : null,
    child,
  };
}

/** Flatten items and their children (奖励次数...) into table rows, children right after their parent. */
export function usageRows(items: UsageItem[]): UsageRow[] {
  return items.flatMap((i) => [rowOf(i, false), ...i.children.map((c) => rowOf(c, true))]);
}
