import { PROMO_LIMITS } from '@wanxiang/contract';

/**
 * Pure decisions of the promos area (docs/product/promos.md §4, §9), kept apart from React so they are unit-tested:
 * when a dialog shows again, how long 'later' stays quiet, the seasonal windows, the new-year counter.
 */

/** Banana promo: shown when on and its md5 differs from the stored one (closing stores it). */
export function shouldShowModelPromo(model: { show: boolean; md5: string } | null | undefined, storedMd5: string | null): boolean {
  return Boolean(model?.show && model.md5 && model.md5 !== storedMd5);
}

/** Notice: shown when there is text and its sign differs from the one 不再提醒 stored. */
export function shouldShowNotice(notice: { data: string; sign: string } | null | undefined, storedSign: string | null): boolean {
  return Boolean(notice?.data.trim() && notice.sign && notice.sign !== storedSign);
}

/** The notice's newline-separated text as paragraphs (blank lines dropped). */
export function noticeParagraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * updateNotificationIsOpen (localStorage) holds JSON: {later: ms} after 稍后 (quiet for 300000 ms),
 * or {skip: version} after 不再提醒 (quiet until a newer version is announced).
 */
export interface UpdateMemo {
  later?: number;
  skip?: string;
}

export function parseUpdateMemo(raw: string | null): UpdateMemo {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as UpdateMemo) : {};
  } catch {
    return {};
  }
}

/** Milliseconds the 'later' choice still keeps the update dialog quiet (0 = may prompt). */
export function laterQuietLeft(memo: UpdateMemo, now: number): number {
  if (typeof memo.later !== 'number') return 0;
  return Math.max(0, memo.later + PROMO_LIMITS.updateLaterQuietMs - now);
}

/**
 * Whether the update dialog shows. need_down always shows (cannot be avoided); otherwise an
 * update shows unless 'later' is still quiet or this version was skipped with 不再提醒.
 */
export function shouldShowUpdate(pc: { update: boolean; need_down: boolean; version: string }, memo: UpdateMemo, now: number): boolean {
  if (pc.need_down) return true;
  if (!pc.update) return false;
  if (memo.skip && memo.skip === pc.version) return false;
  return laterQuietLeft(memo, now) === 0;
}

/** Calendar date parts in Asia/Shanghai (the business day), whatever the browser's zone. */
export function shanghaiDate(now: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: n('year'), month: n('month'), day: n('day') };
}

/** National Day banner: September 1 to 30, business date (docs/product/promos.md §2). */
export function isNationalDayWindow(now: Date): boolean {
  return shanghaiDate(now).month === 9;
}

/** The visitor came from a recognised search engine (referrer host contains so, bing or baidu). */
export function fromSearchEngine(referrer: string): boolean {
  if (!referrer) return false;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host.split('.').some((label) => PROMO_LIMITS.searchEngines.includes(label));
}

/**
 * Guide timing: null = do not open; else the delay. A matching keyword opens after 1 s; a visit
 * from a search engine or with a search keyword after 2 s; once per day (cookie guide_modal).
 */
export function guideDelay(opts: { cookieSet: boolean; fromEngine: boolean; keyword: string; matched: boolean }): number | null {
  if (opts.cookieSet) return null;
  if (opts.keyword && opts.matched) return PROMO_LIMITS.guideKeywordDelayMs;
  if (opts.fromEngine || opts.keyword) return PROMO_LIMITS.guideDelayMs;
  return null;
}

/**
 * New-year float ad counter (localStorage new_year_count): starts at the server's count; each
 * close decrements it; hidden at 0. A stored value that is not a number counts as unset.
 */
export function newYearRemaining(stored: string | null, initial: number): number {
  if (stored === null || stored.trim() === '') return initial;
  const n = Number(stored);
  return Number.isInteger(n) && n >= 0 ? n : initial;
}

export function afterNewYearClose(remaining: number): number {
  return Math.max(0, remaining - 1);
}

/** 'action|argument' of the global notice's confirm. Unknown actions just close. */
export type ConfirmAction = { kind: 'route'; to: string } | { kind: 'url'; href: string } | { kind: 'close' };

export function parseConfirmAction(raw: string): ConfirmAction {
  const i = raw.indexOf('|');
  const action = (i < 0 ? raw : raw.slice(0, i)).trim();
  const arg = i < 0 ? '' : raw.slice(i + 1).trim();
  if (action === 'route' && arg.startsWith('/') && !arg.startsWith('//')) return { kind: 'route', to: arg };
  if (action === 'url' && /^https?:\/\//i.test(arg)) return { kind: 'url', href: arg };
  if (action === 'url' && arg.startsWith('/') && !arg.startsWith('//')) return { kind: 'route', to: arg };
  return { kind: 'close' };
}

/** iOS visitors get the WeChat mini-program variant of the download bar; others the Android app. */
export function downloadVariant(userAgent: string): 'ios' | 'android' {
  return /iPhone|iPad|iPod/i.test(userAgent) ? 'ios' : 'android';
}
