import { MSG } from '@wanxiang/contract';

/**
 * A character count as shown beside a reply (docs/product/chat.md §9): plain under 1,000, then thousands
 * (千), then ten-thousands (万), with one decimal where it says something (1.2千, 3万).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  if (n < 1_000) return String(Math.floor(n));
  if (n < 10_000) return `${oneDecimal(n / 1_000)}${MSG.wordCountThousand}`;
  return `${oneDecimal(n / 10_000)}${MSG.wordCountTenThousand}`;
}

/** Rounded down, so 9,999 never reads as 10.0千. */
function oneDecimal(x: number): string {
  const v = Math.floor(x * 10) / 10;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** Characters a reader would count: code points, whitespace excluded. */
export function countChars(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}
