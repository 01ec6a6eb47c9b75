import { create } from 'zustand';
import { LIMITS, type RecordItem } from '@wanxiang/contract';
import { clearRecords, deleteRecord, listRecords, renameRecord } from '../api/history';
import { onLoggedOut } from '../app-events';

/**
 * The logged-in user's server history list (the chat page's side list), newest first,
 * LIMITS.historyPageSize (20) per page with "load more" (docs/product/chat.md §9).
 */
export interface HistoryState {
  items: RecordItem[];
  /** Conversations on the server, as of the last page read. */
  total: number;
  /** Pages read so far (0 before the first load). */
  page: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** (Re)reads the first page; pages already shown beyond it stay. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  rename(id: string, title: string): Promise<RecordItem>;
  remove(id: string): Promise<void>;
  /** Deletes every conversation of the user on the server. */
  clear(): Promise<void>;
  reset(): void;
}

export const selectHasMore = (s: HistoryState): boolean => s.items.length < s.total;

const byRecent = (a: RecordItem, b: RecordItem) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/** New rows win over old copies of the same id; newest first. */
export function mergeRecords(fresh: readonly RecordItem[], old: readonly RecordItem[]): RecordItem[] {
  const seen = new Set(fresh.map((r) => r.id));
  return [...fresh, ...old.filter((r) => !seen.has(r.id))].sort(byRecent);
}

// Bumped by every list read and by logout: an answer for an older generation is dropped.
let generation = 0;

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  items: [],
  total: 0,
  page: 0,
  status: 'idle',
  loadingMore: false,

  async load() {
    const mine = ++generation;
    set((s) => ({ status: s.items.length ? s.status : 'loading' }));
    try {
      const res = await listRecords({ page: 1, rows: LIMITS.historyPageSize });
      if (mine !== generation) return;
      set((s) => ({
        // Only page 1 was re-read: rows of later pages stay until read again.
        items: s.page > 1 ? mergeRecords(res.list, s.items) : [...res.list].sort(byRecent),
        total: res.total,
        page: Math.max(s.page, 1),
        status: 'ready',
      }));
    } catch {
      if (mine === generation) set({ status: 'error' });
    }
  },

  async loadMore() {
    const { page, loadingMore } = get();
    if (loadingMore || !selectHasMore(get())) return;
    const mine = generation;
    set({ loadingMore: true });
    try {
      const res = await listRecords({ page: page + 1, rows: LIMITS.historyPageSize });
      if (mine !== generation) return;
      // Rows that moved up since page 1 was read come twice: merge drops the copy.
      set((s) => ({ items: mergeRecords(s.items, res.list), total: res.total, page: page + 1 }));
    } finally {
      if (mine === generation) set({ loadingMore: false });
    }
  },

  async rename(id, title) {
    const item = await renameRecord({ id, title });
    set((s) => ({ items: s.items.map((i) => (i.id === id ? item : i)) }));
    return item;
  },

  async remove(id) {
    await deleteRecord(id);
    set((s) => ({ items: s.items.filter((i) => i.id !== id), total: Math.max(0, s.total - 1) }));
  },

  async clear() {
    await clearRecords();
    generation++;
    set({ items: [], total: 0, page: 1, status: 'ready', loadingMore: false });
  },

  reset() {
    generation++;
    set({ items: [], total: 0, page: 0, status: 'idle', loadingMore: false });
  },
}));

onLoggedOut(() => useHistoryStore.getState().reset());
