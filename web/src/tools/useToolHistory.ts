import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteToolRun, fetchToolHistory, type ToolRunItem } from '../api/tools';

export interface ToolHistory {
  list: ToolRunItem[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
  remove: (runId: string) => Promise<boolean>;
}

/** The signed-in user's saved runs of one tool, newest first, 20 a page (加载更多 adds the next page). */
export function useToolHistory(toolId: string, loggedIn: boolean): ToolHistory {
  const [list, setList] = useState<ToolRunItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  /** Answers of an older load (another tool, a logout) are dropped. */
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    if (!loggedIn) {
      setList([]);
      setTotal(0);
      return;
    }
    setLoading(true);
    try {
      const res = await fetchToolHistory(toolId, 1);
      if (mine !== generation.current) return;
      setList(res.list);
      setTotal(res.total);
      setPage(1);
    } catch {
      // The list stays as it was; the page itself still works.
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [toolId, loggedIn]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    setLoading(true);
    try {
      const res = await fetchToolHistory(toolId, page + 1);
      if (mine !== generation.current) return;
      // A run saved since the first page shifts the pages: skip rows already shown.
      setList((prev) => [...prev, ...res.list.filter((r) => !prev.some((p) => p.id === r.id))]);
      setTotal(res.total);
      setPage(page + 1);
    } catch {
      // keep what is shown
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [toolId, page]);

  const remove = useCallback(async (runId: string) => {
    try {
      await deleteToolRun(runId);
    } catch {
      return false;
    }
    setList((prev) => prev.filter((r) => r.id !== runId));
    setTotal((t) => Math.max(0, t - 1));
    return true;
  }, []);

  return { list, total, loading, hasMore: list.length < total, reload, loadMore, remove };
}
