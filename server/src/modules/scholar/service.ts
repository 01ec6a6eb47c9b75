import type { AcademicResult, ArxivItem, ArxivListQuery, ArxivSearchQuery, ScholarSearchQuery, SearchPage } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { createArxivSource, type ArxivSource } from './arxiv';
import { createOpenAlexSource, type AcademicSource } from './openalex';
import { clip } from './text';
import { yearRange } from './year';

export interface ScholarSources {
  academic: AcademicSource;
  arxiv: ArxivSource;
  digestCache: Map<string, { at: number; page: SearchPage<ArxivItem> }>;
}

export function createScholarSources(settings: AppContext['config']['scholar']): ScholarSources {
  return {
    academic: createOpenAlexSource({ baseUrl: settings.openalexUrl, timeoutMs: settings.timeoutMs }),
    arxiv: createArxivSource({ baseUrl: settings.arxivUrl, timeoutMs: settings.timeoutMs }),
    digestCache: new Map(),
  };
}

export const SEARCH_QUOTA_KEY = 'resource_learning_search';

/**
 * A new search (page 1) holds one resource_learning_search count; it is settled when the search
 * found something and released when the source failed or found nothing. Later pages of the same
 * search (load more) are free.
 */
async function charged<T>(ctx: AppContext, user: AuthUser, page: number, run: () => Promise<SearchPage<T>>): Promise<SearchPage<T>> {
  if (page > 1) return run();
  const hold = await reserveQuota(ctx, user, { quotaKey: SEARCH_QUOTA_KEY, blockedVips: [] }, 'scholar:search');
  let result: SearchPage<T>;
  try {
    result = await run();
  } catch (err) {
    await releaseReservation(ctx, hold);
    throw err;
  }
  if (result.items.length > 0) await settleReservation(ctx, hold);
  else await releaseReservation(ctx, hold);
  return result;
}

export function arxivToAcademic(item: ArxivItem): AcademicResult {
  return {
    resource: item.pdf,
    title: clip(item.title),
    author: clip(item.authors.join(', ')),
    content: clip(item.summary),
    year: item.published.slice(0, 4),
    publisher: 'arXiv',
    link: item.pdf,
    tags: item.categories.slice(0, 5),
  };
}

export function searchScholar(
  ctx: AppContext,
  sources: ScholarSources,
  user: AuthUser,
  q: ScholarSearchQuery,
): Promise<SearchPage<AcademicResult>> {
  const years = yearRange(q.year);
  return charged(ctx, user, q.start, async () => {
    if (q.source === 'arxiv') {
      const page = await sources.arxiv.search({ keyword: q.keyword, page: q.start, years });
      return { items: page.items.map(arxivToAcademic), hasMore: page.hasMore };
    }
    return sources.academic.search({ keyword: q.keyword, page: q.start, years });
  });
}

export function searchArxiv(ctx: AppContext, sources: ScholarSources, user: AuthUser, q: ArxivSearchQuery): Promise<SearchPage<ArxivItem>> {
  return charged(ctx, user, q.start, () => sources.arxiv.search({ keyword: q.keyword, page: q.start, years: yearRange(q.year) }));
}

/** Digest pages are the same for everyone: kept a few minutes (arXiv asks for one request every 3 s). */
const DIGEST_TTL_MS = 5 * 60_000;
const DIGEST_MAX_ENTRIES = 200;

export async function listArxivDigest(sources: ScholarSources, q: ArxivListQuery, now = Date.now()): Promise<SearchPage<ArxivItem>> {
  const key = `${q.category}|${q.date ?? ''}|${q.page}`;
  const hit = sources.digestCache.get(key);
  if (hit && now - hit.at < DIGEST_TTL_MS) return hit.page;
  const page = await sources.arxiv.list({ category: q.category, date: q.date, page: q.page });
  // Failures (empty pages) are not kept: the next visitor tries again.
  if (page.items.length > 0) {
    if (sources.digestCache.size >= DIGEST_MAX_ENTRIES) sources.digestCache.delete(sources.digestCache.keys().next().value!);
    sources.digestCache.set(key, { at: now, page });
  }
  return page;
}
