import { WEBDISK_LIMITS, type WebdiskChannel } from '@wanxiang/contract';

/** Page rules of cloud-disk, find files and find websites (docs/product/search.md §2, §4, §5, §9). */

/** Find files: the first send waits 1000 ms, every later chat send 100 ms (9). */
export const FIRST_SEND_DELAY_MS = 1000;
export const CHAT_SEND_DELAY_MS = 100;
/** Landing suggestions: up to 10 (2.2). */
export const MAX_SUGGESTIONS = 10;
/** Find websites shows this many random example keywords of the 20. */
export const WEB_EXAMPLES_SHOWN = 6;

/** The result tabs of the cloud-disk page (2.5), in order. */
export const WEBDISK_TABS: readonly WebdiskChannel[] = ['up1', 'up2', 'brother'];

/** `n` distinct random entries of `list` (all of them when n >= length). `rand` in [0, 1). */
export function pickRandom<T>(list: readonly T[], n: number, rand: () => number = Math.random): T[] {
  const pool = [...list];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, Math.max(0, n));
}

/** Clip to `max` characters (by code point) with an ellipsis. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

/** The url as the cloud-disk list shows it: at most 50 characters (5); the link itself stays whole. */
export function shownUrl(url: string): string {
  return clip(url, WEBDISK_LIMITS.cloudUrl);
}

/** Only http(s) links are opened or rendered as links (results come from outside sites). */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}
