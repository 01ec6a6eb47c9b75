import { useCallback, useRef, useState } from 'react';
import type { SearchPage } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { openGateRefusal } from '../chat/gates/quota-gate';

/** Result list states of a landing search (4.2): searching, failed or empty, loaded, has-more. */
export type PagedStatus = 'idle' | 'searching' | 'failed' | 'loaded';

/**
 * One search's pages: `start` runs page 1 (a new search), `more` appends the next page (the page
 * counter starts at 1). A failed or empty first page is the failed state with 重新搜索; a page
 * that comes back empty ends load-more (没有更多数据了). Late answers of an older search are dropped.
 */
export function usePagedSearch<T, Q>(fetchPage: (q: Q, page: number, signal: AbortSignal) => Promise<SearchPage<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<PagedStatus>('idle');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const page = useRef(1);
  const query = useRef<Q | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const start = useCallback(async (q: Q) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    query.current = q;
    page.current = 1;
    setItems([]);
    setHasMore(false);
    setStatus('searching');
    try {
      const res = await fetchRef.current(q, 1, c.signal);
      if (c.signal.aborted) return;
      setItems(res.items);
      setHasMore(res.hasMore && res.items.length > 0);
      setStatus(res.items.length > 0 ? 'loaded' : 'failed');
    } catch (err) {
      if (c.signal.aborted) return;
      // A quota refusal opens the upgrade/count dialog; the list shows the failed state either way.
      if (err instanceof RequestError) openGateRefusal(err.code, err.msg);
      setStatus('failed');
    }
  }, []);

  const more = useCallback(async () => {
    if (query.current === null || !hasMore || loadingMore) return;
    const c = ctrl.current ?? new AbortController();
    setLoadingMore(true);
    try {
      const res = await fetchRef.current(query.current, page.current + 1, c.signal);
      if (c.signal.aborted) return;
      page.current += 1;
      setItems((prev) => [...prev, ...res.items]);
      setHasMore(res.hasMore && res.items.length > 0);
    } catch {
      if (!c.signal.aborted) setHasMore(false);
    } finally {
      setLoadingMore(false);
    }
  }, [hasMore, loadingMore]);

  const reset = useCallback(() => {
    ctrl.current?.abort();
    query.current = null;
    setItems([]);
    setStatus('idle');
    setHasMore(false);
  }, []);

  return { items, status, hasMore, loadingMore, start, more, reset, page: page.current };
}
