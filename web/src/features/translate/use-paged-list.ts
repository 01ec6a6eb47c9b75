import { useCallback, useEffect, useRef, useState } from 'react';

export interface PagedList<T> {
  list: T[];
  total: number;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  reload: () => Promise<void>;
  more: () => Promise<void>;
  /** A row the user deleted: gone from the list and the count. */
  drop: (key: string) => void;
}

/** Pages of a list read one after another (加载更多), rows already shown skipped when new ones shift the pages. */
export function usePagedList<T>(
  load: (page: number) => Promise<{ list: T[]; total: number }>,
  keyOf: (x: T) => string,
  enabled: boolean,
): PagedList<T> {
  const [list, setList] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    if (!enabled) return;
    setLoading(true);
    try {
      const res = await load(1);
      if (mine !== generation.current) return;
      setList(res.list);
      setTotal(res.total);
      setPage(1);
      setFailed(false);
    } catch {
      if (mine === generation.current) setFailed(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [load, enabled]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const more = async () => {
    const mine = generation.current;
    setLoading(true);
    try {
      const res = await load(page + 1);
      if (mine !== generation.current) return;
      setList((prev) => [...prev, ...res.list.filter((x) => !prev.some((p) => keyOf(p) === keyOf(x)))]);
      setTotal(res.total);
      setPage(page + 1);
    } catch {
      // keep what is shown
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  };

  const drop = (key: string) => {
    setList((prev) => prev.filter((x) => keyOf(x) !== key));
    setTotal((n) => Math.max(0, n - 1));
  };

  return { list, total, loading, failed, reload, more, drop, hasMore: list.length < total };
}
