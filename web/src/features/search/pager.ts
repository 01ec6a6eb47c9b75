/**
 * Page counters and results per source of the unified page and landings
 * (docs/product/search.md §4): counters start at 1; switching source or category resets every counter and clears
 * results; load more moves one source's counter and appends; a page without items ends it.
 */

export interface SourcePage<T> {
  page: number;
  items: T[];
  hasMore: boolean;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

export type Pager<T> = Record<string, SourcePage<T>>;

export const emptySource = <T>(): SourcePage<T> => ({ page: 1, items: [], hasMore: true, status: 'idle' });

/** Every counter back to 1, every list empty (a new query, or another source or category). */
export function resetPager<T>(sources: readonly string[]): Pager<T> {
  return Object.fromEntries(sources.map((s) => [s, emptySource<T>()]));
}

/** The page to ask for next: the first page when nothing is loaded, else the one after. */
export function nextPage<T>(p: SourcePage<T> | undefined): number {
  if (!p || p.status === 'idle' || (p.status === 'failed' && p.items.length === 0)) return 1;
  return p.page + 1;
}

export function startLoading<T>(pager: Pager<T>, source: string): Pager<T> {
  const cur = pager[source] ?? emptySource<T>();
  return { ...pager, [source]: { ...cur, status: 'loading' } };
}

/** A page arrived: the first page replaces, later pages append; no items or hasMore false ends load-more. */
export function pageLoaded<T>(pager: Pager<T>, source: string, page: number, items: T[], hasMore: boolean): Pager<T> {
  const cur = pager[source] ?? emptySource<T>();
  const list = page <= 1 ? items : [...cur.items, ...items];
  return { ...pager, [source]: { page, items: list, hasMore: hasMore && items.length > 0, status: 'loaded' } };
}

export function pageFailed<T>(pager: Pager<T>, source: string): Pager<T> {
  const cur = pager[source] ?? emptySource<T>();
  return { ...pager, [source]: { ...cur, status: 'failed' } };
}
