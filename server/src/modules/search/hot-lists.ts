import type { HotSource } from '@wanxiang/contract';
import type { KeyValueStore } from '../../infra/kv';

/**
 * Hot lists of the AI search landing (docs/product/search.md §2, §7): Zhihu, Baidu and Weibo,
 * each read from the site's own public JSON API (base URLs are operator settings, so trusted)
 * and reduced to plain strings. A failing site answers [] (the card then shows 暂无数据), never
 * an error. Answers are cached: the lists change every few minutes and the sites rate-limit.
 */

export interface HotListSettings {
  zhihuUrl: string;
  baiduUrl: string;
  weiboUrl: string;
}

/** A list is read fresh at most this often. */
export const HOT_CACHE_SEC = 600;
/** A failed read is retried after this (not at every page view). */
export const HOT_FAIL_CACHE_SEC = 60;
export const HOT_TIMEOUT_MS = 5_000;
/** Entries kept per list: the cards show 10 per page with 换一换. */
export const HOT_MAX_ENTRIES = 50;
const MAX_BODY_CHARS = 2_000_000;
const MAX_ENTRY_CHARS = 80;

interface HotAdapter {
  url(s: HotListSettings): string;
  parse(json: unknown): string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const base = (u: string) => u.replace(/\/+$/, '');

/** Zhihu: {data: [{target: {title}}]} (app API) or {data: [{target: {title_area: {text}}}]} (newer web API). */
export function parseZhihu(json: unknown): string[] {
  if (!isRecord(json) || !Array.isArray(json.data)) return [];
  return json.data.map((row) => {
    const target = isRecord(row) && isRecord(row.target) ? row.target : {};
    const area = isRecord(target.title_area) ? target.title_area : {};
    return str(target.title) || str(area.text);
  });
}

/** Baidu board: {data: {cards: [{content: [{word}]}]}}; the wise platform nests items one level deeper. */
export function parseBaidu(json: unknown): string[] {
  if (!isRecord(json) || !isRecord(json.data) || !Array.isArray(json.data.cards)) return [];
  const out: string[] = [];
  const visit = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const it of items) {
      if (!isRecord(it)) continue;
      if (Array.isArray(it.content)) visit(it.content);
      else if (!it.isTop) out.push(str(it.word) || str(it.query));
    }
  };
  for (const card of json.data.cards) if (isRecord(card)) visit(card.content);
  return out;
}

/** Weibo side bar: {ok: 1, data: {realtime: [{word, note, is_ad}]}}; advertised entries are dropped. */
export function parseWeibo(json: unknown): string[] {
  if (!isRecord(json) || !isRecord(json.data) || !Array.isArray(json.data.realtime)) return [];
  return json.data.realtime
    .filter((r) => isRecord(r) && !r.is_ad && !r.ad_type)
    .map((r) => str((r as Record<string, unknown>).note) || str((r as Record<string, unknown>).word));
}

export const HOT_ADAPTERS: Record<HotSource, HotAdapter> = {
  zhihu: { url: (s) => `${base(s.zhihuUrl)}/topstory/hot-list?limit=50`, parse: parseZhihu },
  baidu: { url: (s) => `${base(s.baiduUrl)}/api/board?platform=wise&tab=realtime`, parse: parseBaidu },
  weibo: { url: (s) => `${base(s.weiboUrl)}/ajax/side/hotSearch`, parse: parseWeibo },
};

/** Trimmed, de-duplicated, single-line entries, capped in count and length. */
export function cleanEntries(raw: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of raw) {
    const t = r.replace(/\s+/g, ' ').trim();
    if (!t || [...t].length > MAX_ENTRY_CHARS || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
    if (out.length === HOT_MAX_ENTRIES) break;
  }
  return out;
}

/** One fresh read; [] on any failure (refused, timeout, non-200, not JSON, unknown shape). */
export async function fetchHotList(source: HotSource, settings: HotListSettings, timeoutMs = HOT_TIMEOUT_MS): Promise<string[]> {
  const adapter = HOT_ADAPTERS[source];
  try {
    const res = await fetch(adapter.url(settings), {
      headers: { accept: 'application/json', 'user-agent': 'Mozilla/5.0 (compatible; WanxiangHotList/1.0)' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return [];
    }
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) return [];
    return cleanEntries(adapter.parse(JSON.parse(text)));
  } catch {
    return [];
  }
}

/** The cached list, read fresh when the cache is cold. */
export async function hotList(kv: KeyValueStore, source: HotSource, settings: HotListSettings): Promise<string[]> {
  const key = `search:hot:${source}`;
  const cached = await kv.get(key).catch(() => null);
  if (cached !== null) {
    try {
      const list: unknown = JSON.parse(cached);
      if (Array.isArray(list)) return list.filter((x): x is string => typeof x === 'string');
    } catch {
      // a broken cache entry is read again
    }
  }
  const list = await fetchHotList(source, settings);
  await kv.set(key, JSON.stringify(list), list.length > 0 ? HOT_CACHE_SEC : HOT_FAIL_CACHE_SEC).catch(() => undefined);
  return list;
}
