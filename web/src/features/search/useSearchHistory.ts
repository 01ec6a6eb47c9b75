import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteRecord, listRecords } from '../../api/history';
import { useUserStore } from '../../stores/user';
import { deleteLocalSearch, fromLocal, fromServer, listLocalSearches, mergeHistory, type HistoryEntry } from './history';
import { AI_SEARCH_MODEL } from './useAiSearch';

/** Server history page size (9). */
export const HISTORY_ROWS = 20;

/**
 * The history panel's rows for one mode: local rows of that mode, plus (where AI search
 * conversations belong: mode 2, and the hub) the server's net_search conversations, 20 a page.
 */
export function useSearchHistory(mode: number, withServer: boolean) {
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [local, setLocal] = useState<HistoryEntry[]>([]);
  const [server, setServer] = useState<HistoryEntry[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  // IndexedDB answers after the panel may be gone (navigation, test teardown): set nothing then.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const reloadLocal = useCallback(async () => {
    const rows = await listLocalSearches(mode).then(
      (list) => list.map(fromLocal),
      () => [] as HistoryEntry[],
    );
    if (alive.current) setLocal(rows);
  }, [mode]);

  const loadServer = useCallback(
    async (p: number) => {
      if (!withServer || !loggedIn) {
        setServer([]);
        setHasMore(false);
        return;
      }
      setLoading(true);
      try {
        const res = await listRecords({ model: AI_SEARCH_MODEL, type: 'chat', page: p, rows: HISTORY_ROWS });
        const rows = res.list.map(fromServer);
        setServer((prev) => (p === 1 ? rows : [...prev, ...rows]));
        setPage(p);
        setHasMore(p * HISTORY_ROWS < res.total && rows.length > 0);
      } catch {
        if (p === 1) setServer([]);
        setHasMore(false);
      } finally {
        setLoading(false);
      }
    },
    [withServer, loggedIn],
  );

  const reload = useCallback(async () => {
    await Promise.all([reloadLocal(), loadServer(1)]);
  }, [reloadLocal, loadServer]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const remove = useCallback(
    async (e: HistoryEntry) => {
      if (e.origin === 'local') {
        await deleteLocalSearch(Number(e.key.slice('local:'.length)));
        await reloadLocal();
      } else if (e.searchid) {
        await deleteRecord(e.searchid);
        setServer((prev) => prev.filter((s) => s.key !== e.key));
      }
    },
    [reloadLocal],
  );

  return { entries: mergeHistory(local, server), hasMore, loading, loadMore: () => loadServer(page + 1), reload, remove };
}
