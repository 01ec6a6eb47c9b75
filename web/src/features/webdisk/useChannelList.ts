import { useCallback, useRef, useState } from 'react';
import type { CloudResult, WebdiskChannel } from '@wanxiang/contract';
import { searchWebdisk } from '../../api/webdisk';
import { RequestError } from '../../api/request';
import { openGateRefusal } from '../chat/gates/quota-gate';

export type ListStatus = 'idle' | 'searching' | 'loaded' | 'failed';

/**
 * One cloud-disk tab's list (4.2): searching, failed or empty (with re-search), loaded, has-more
 * (ends when a page returns no items). A new keyword or tab starts again at page 1 and clears the
 * list; load more appends the next page. A newer search aborts the one in flight.
 */
export function useChannelList() {
  const [items, setItems] = useState<CloudResult[]>([]);
  const [status, setStatus] = useState<ListStatus>('idle');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const state = useRef({ keyword: '', channel: 'up1' as WebdiskChannel, page: 1, abort: null as AbortController | null });

  const fetchPage = useCallback(async (page: number, append: boolean) => {
    const s = state.current;
    s.abort?.abort();
    const abort = new AbortController();
    s.abort = abort;
    try {
      const res = await searchWebdisk({ keyword: s.keyword, channel: s.channel, page }, abort.signal);
      if (abort.signal.aborted) return;
      s.page = page;
      setItems((prev) => (append ? [...prev, ...res.items] : res.items));
      setHasMore(res.hasMore);
      setStatus('loaded');
    } catch (err) {
      if (abort.signal.aborted) return;
      if (err instanceof RequestError) {
        const vip = (err.body as { data?: { vip?: number } | null } | null)?.data?.vip;
        openGateRefusal(err.code, err.msg, vip);
      }
      if (!append) setStatus('failed');
    }
  }, []);

  const start = useCallback(
    async (keyword: string, channel: WebdiskChannel) => {
      state.current.keyword = keyword;
      state.current.channel = channel;
      setItems([]);
      setHasMore(false);
      setStatus('searching');
      await fetchPage(1, false);
    },
    [fetchPage],
  );

  const more = useCallback(async () => {
    setLoadingMore(true);
    try {
      await fetchPage(state.current.page + 1, true);
    } finally {
      setLoadingMore(false);
    }
  }, [fetchPage]);

  const retry = useCallback(() => start(state.current.keyword, state.current.channel), [start]);

  const reset = useCallback(() => {
    state.current.abort?.abort();
    setItems([]);
    setStatus('idle');
    setHasMore(false);
  }, []);

  return { items, status, hasMore, loadingMore, start, more, retry, reset };
}
