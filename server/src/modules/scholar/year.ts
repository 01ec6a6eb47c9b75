/**
 * The year filter of the scholar page (2.4, 5): a four-digit year, or 'recent5' (this year and
 * the four before it). Anything else is not a year and filters nothing.
 */
export interface YearRange {
  from: number;
  to: number;
}

export const RECENT_YEARS = 5;

export function yearRange(filter: string | undefined, now: Date = new Date()): YearRange | null {
  if (!filter) return null;
  const thisYear = now.getUTCFullYear();
  if (filter === 'recent5') return { from: thisYear - (RECENT_YEARS - 1), to: thisYear };
  if (!/^\d{4}$/.test(filter)) return null;
  const y = Number(filter);
  return { from: y, to: y };
}

/** Results whose year is numeric must sit in the range; a non-numeric year is ignored by the filter (kept). */
export function inRange(year: string, range: YearRange | null): boolean {
  if (!range || !/^\d{4}$/.test(year)) return true;
  const y = Number(year);
  return y >= range.from && y <= range.to;
}
