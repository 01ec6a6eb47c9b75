import type { HotSource, IntentRequest, IntentResult } from '@wanxiang/contract';
import { get, post } from './request';

/** Search hub calls (docs/product/search.md §7). AI search answers stream through /api/v1/chat2/net_search (chat-stream.ts). */

/** A site's hot list as plain strings; [] when the site fails (the card shows 暂无数据). */
export function hotList(source: HotSource, signal?: AbortSignal): Promise<string[]> {
  return get<string[]>('/v1/search/hot', { source }, { silent: true, signal });
}

/** The category a query belongs to; the server falls back to academic Google search. */
export function detectIntent(req: IntentRequest, signal?: AbortSignal): Promise<IntentResult> {
  return post<IntentResult>('/v1/search/intent', req, { silent: true, signal });
}
