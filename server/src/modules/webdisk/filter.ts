import type { FastifyBaseLogger } from 'fastify';
import { WEBDISK_LIMITS, type CloudResult, type WebResult } from '@wanxiang/contract';

/**
 * The result filter of docs/product/search.md §5: results whose titles carry blocked words,
 * advertising text or promotional links are dropped; every result is checked case-insensitively
 * against a forbidden-word list fetched from FORBIDDEN_WORDS_URL (cached, refreshed every
 * FORBIDDEN_WORDS_REFRESH_MS), with a built-in list when that is unset or fails. Then truncation:
 * cloud-disk titles at 50 chars, website titles and descriptions at 200.
 */

/** Built-in list: gambling, adult content, fraud and advertising phrases seen in share-site titles. */
export const BUILTIN_FORBIDDEN_WORDS = [
  '赌博', '博彩', '六合彩', '时时彩', '百家乐', '网赌', '色情', '成人视频', '裸聊', '约炮', '援交', '黄色网站',
  '代开发票', '刷单', '兼职日结', '高利贷', '套现', '洗钱', '枪支', '迷药', '外挂', '私服', '翻墙', '破解版下载站',
  '加微信', '加vx', '加qq', 'qq群', '微信群', '扫码领取', '免费领取', '点击领取', '限时优惠', '广告', '推广', '代理加盟',
  'porn', 'casino', 'bet365', 'xxx',
];

/**
 * Promotional links in a title: a web address or a contact handle. A share title names a file,
 * so a link or a contact number in it is advertising.
 */
const PROMO_LINK = /(https?:\/\/|www\.|\.(com|cn|net|top|xyz|vip)\b|[vV][xX]\s*[:：]|微信\s*[:：]|[qQ]{2}\s*[:：]?\s*\d{5,})/;

/**
 * Sensitive-text thresholds (5): how many forbidden-word hits a text may carry by its length.
 * A title (at most 100 chars) may carry none; a longer text (a description, an excerpt) may
 * mention one word per further 100 chars in passing before it counts as spam; 10000000 closes
 * the table. Titles are always checked at zero.
 */
export const SENSITIVE_THRESHOLDS: ReadonlyArray<{ maxLength: number; allowedHits: number }> = [
  { maxLength: 100, allowedHits: 0 },
  { maxLength: 200, allowedHits: 1 },
  { maxLength: 300, allowedHits: 2 },
  { maxLength: 400, allowedHits: 3 },
  { maxLength: 500, allowedHits: 4 },
  { maxLength: 10_000_000, allowedHits: 5 },
];

export function allowedHits(length: number): number {
  return (SENSITIVE_THRESHOLDS.find((t) => length <= t.maxLength) ?? SENSITIVE_THRESHOLDS.at(-1)!).allowedHits;
}

/** Forbidden-word hits in a text, case-insensitively (each word counted once per occurrence). */
export function countHits(text: string, words: readonly string[]): number {
  const lower = text.toLowerCase();
  let hits = 0;
  for (const w of words) {
    if (!w) continue;
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + w.length)) hits++;
  }
  return hits;
}

/** True when a title must be dropped: any forbidden word, or a promotional link. */
export function titleBlocked(title: string, words: readonly string[]): boolean {
  return PROMO_LINK.test(title) || countHits(title, words) > 0;
}

/** True when a longer text carries more hits than its length bucket allows. */
export function textBlocked(text: string, words: readonly string[]): boolean {
  if (!text) return false;
  return countHits(text, words) > allowedHits([...text].length);
}

export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

/**
 * Cloud-disk results that pass, titles clipped at 50. The url stays whole (查看 and 复制链接 need
 * the real link); the page shows it clipped at 50 (WEBDISK_LIMITS.cloudUrl).
 */
export function filterCloudResults(items: CloudResult[], words: readonly string[]): CloudResult[] {
  return items
    .filter((r) => !titleBlocked(r.title, words) && !textBlocked(r.content, words))
    .map((r) => ({ ...r, title: clip(r.title, WEBDISK_LIMITS.cloudTitle) }));
}

/** Website results that pass, title and description clipped at 200. */
export function filterWebResults(items: WebResult[], words: readonly string[]): WebResult[] {
  return items
    .filter((r) => !titleBlocked(r.title, words) && !textBlocked(r.describe, words))
    .map((r) => ({ ...r, title: clip(r.title, WEBDISK_LIMITS.webTitle), describe: clip(r.describe, WEBDISK_LIMITS.webContent) }));
}

/** Parse a remote list: a JSON array of strings (or {data|words: [...]}) or one word per line. */
export function parseWordList(body: string): string[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  let list: unknown;
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(text);
      list = Array.isArray(json) ? json : ((json as { data?: unknown; words?: unknown }).data ?? (json as { words?: unknown }).words);
    } catch {
      return [];
    }
  } else {
    list = text.split(/\r?\n/);
  }
  if (!Array.isArray(list)) return [];
  const words = list.filter((w): w is string => typeof w === 'string').map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0 && w.length <= 50);
  return [...new Set(words)];
}

export interface ForbiddenWordsSettings {
  url?: string;
  refreshMs: number;
  timeoutMs: number;
}

export interface ForbiddenWords {
  /** The current list (remote when it loaded, else the built-in one). Never throws. */
  words(): Promise<readonly string[]>;
}

/**
 * The remote list, fetched on first use and again once it is older than refreshMs; while a
 * refresh runs the last good list is used. A failed fetch keeps the last good remote list, or the
 * built-in one, and is retried at the next refresh.
 */
export function createForbiddenWords(settings: ForbiddenWordsSettings, log: FastifyBaseLogger, now: () => number = Date.now): ForbiddenWords {
  const builtin = BUILTIN_FORBIDDEN_WORDS.map((w) => w.toLowerCase());
  let current: readonly string[] = builtin;
  let fetchedAt = -Infinity;
  let pending: Promise<void> | null = null;

  const refresh = async (url: string): Promise<void> => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const words = parseWordList(await res.text());
      if (words.length === 0) throw new Error('empty or unreadable list');
      current = words;
    } catch (err) {
      log.warn({ err: String(err) }, 'webdisk: forbidden-word list unavailable, keeping the last list');
    } finally {
      fetchedAt = now();
    }
  };

  return {
    async words() {
      const url = settings.url;
      if (!url) return builtin;
      if (now() - fetchedAt >= settings.refreshMs && !pending) {
        pending = refresh(url).finally(() => {
          pending = null;
        });
      }
      // First use waits for the list; later refreshes run behind the last good one.
      if (fetchedAt === -Infinity && pending) await pending;
      return current;
    },
  };
}
