import { MSG } from '@wanxiang/contract';

export type HistoryGroup = 'today' | 'yesterday' | 'week' | 'earlier';

export const HISTORY_GROUP_LABEL: Record<HistoryGroup, string> = {
  today: MSG.historyGroupToday,
  yesterday: MSG.historyGroupYesterday,
  week: MSG.historyGroupWeek,
  earlier: MSG.historyGroupEarlier,
};

const DAY_MS = 86_400_000;

function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** History grouping of docs/product/chat.md §4: today, yesterday, last 7 days, earlier (local days). */
export function historyGroupOf(when: number, now: number = Date.now()): HistoryGroup {
  const today = startOfDay(now);
  if (when >= today) return 'today';
  if (when >= today - DAY_MS) return 'yesterday';
  if (when >= today - 6 * DAY_MS) return 'week';
  return 'earlier';
}
