import { z } from 'zod';

/** Search hub, hot lists and intent detection (docs/product/search.md §2, §3, §7). */

export const HOT_SOURCES = ['zhihu', 'baidu', 'weibo'] as const;
export type HotSource = (typeof HOT_SOURCES)[number];

/** Categories of the unified page (2.3) and what intent detection picks (3 "Intent result"). */
export const SEARCH_SOURCE_TYPES = ['google', 'arxiv', 'webdisk', 'file', 'website'] as const;
export type SearchSourceType = (typeof SEARCH_SOURCE_TYPES)[number];

export interface IntentResult {
  source_type: SearchSourceType;
  reason: string;
}

/** POST /api/v1/search/intent */
export const IntentRequestSchema = z.object({
  query: z.string().trim().min(1).max(500),
  model: z.string().max(64).optional(),
});
export type IntentRequest = z.infer<typeof IntentRequestSchema>;

/** GET /api/v1/search/hot?source=: the hot list of one site, plain strings (2.2, 7.1). */
export const HotListQuerySchema = z.object({
  source: z.enum(HOT_SOURCES),
});
export type HotListQuery = z.infer<typeof HotListQuerySchema>;
