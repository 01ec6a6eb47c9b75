import { useCallback, useRef, useState } from 'react';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { HistoryEntry } from './history';
import { canStartSearch } from './search-gate';
import { useDebouncedSave } from './useDebouncedSave';
import { usePresetSearch } from './usePresetSearch';
import { useSearchHistory } from './useSearchHistory';

export interface SearchPageOptions<A extends unknown[]> {
  /** The search mode: local history rows and the handed-over keyword belong to it. */
  mode: number;
  /** The quota name the gate checks before each search (none: login and a non-blank query only). */
  quotaKey?: string;
  /** The checks before a search; the quota gate of `quotaKey` by default. */
  check?: (query: string) => Promise<boolean>;
  /** Whether the server's AI-search conversations join the history panel (mode 2, the hub). */
  withServerHistory?: boolean;
  /** Whether the history panel starts open on a desktop (it always starts closed on phones). */
  historyOpenOnDesktop?: boolean;
  /** False: the page saves the history row itself (with a search id, or after a later check). */
  autoSaveHistory?: boolean;
  /** Runs one search of the trimmed keyword once the checks passed. */
  onSearch: (keyword: string, ...rest: A) => void | Promise<void>;
}

/**
 * The flow every search page shares (docs/product/search.md §2, §7, §9): the box's value, a
 * keyword handed over in the URL or navigation state started once, the checks before a search
 * (blank query, login, quota gate), the local history saved 500 ms after a search, and the
 * history panel (a pick searches again and closes the panel on phones). `layout` goes to
 * SearchLayout as it is; results, loading, failed and empty states stay with the page's list.
 */
export function useSearchPage<A extends unknown[] = []>(opts: SearchPageOptions<A>) {
  const isMobile = useIsMobile();
  const [value, setValue] = useState('');
  const [historyOpen, setHistoryOpen] = useState(!isMobile && (opts.historyOpenOnDesktop ?? true));
  const history = useSearchHistory(opts.mode, opts.withServerHistory ?? false);
  const saveHistory = useDebouncedSave(opts.mode, history.reload);
  // The latest options: a search started by a timer (preset) uses the page's current filters.
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const search = useCallback(
    async (query: string, ...rest: A): Promise<boolean> => {
      const o = optsRef.current;
      if (!(await (o.check ?? ((q: string) => canStartSearch(q, o.quotaKey)))(query))) return false;
      const keyword = query.trim();
      setValue(keyword);
      if (o.autoSaveHistory ?? true) saveHistory(keyword);
      await o.onSearch(keyword, ...rest);
      return true;
    },
    [saveHistory],
  );
  usePresetSearch((q) => void search(q, ...([] as unknown as A)), setValue);

  const onPickHistory = useCallback(
    (e: HistoryEntry) => {
      setValue(e.text);
      if (isMobile) setHistoryOpen(false);
      void search(e.text, ...([] as unknown as A));
    },
    [isMobile, search],
  );

  return {
    isMobile,
    value,
    setValue,
    search,
    saveHistory,
    history,
    historyOpen,
    setHistoryOpen,
    /** The history props of SearchLayout. */
    layout: { history, historyOpen, setHistoryOpen, onPickHistory },
  };
}
