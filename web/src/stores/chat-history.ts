import { create } from 'zustand';
import type { RecordItem } from '@wanxiang/contract';
import { deleteRecord, listRecords } from '../api/history';
import { onLoggedOut } from '../app-events';

/** The logged-in user's server history list (the chat page's side list), newest first. */
export interface HistoryState {
  items: RecordItem[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  load(): Promise<void>;
  remove(id: string): Promise<void>;
  reset(): void;
}

let generation = 0;

export const useHistoryStore = create<HistoryState>()((set) => ({
  items: [],
  status: 'idle',
  async load() {
    const mine = ++generation;
    set((s) => ({ status: s.items.length ? s.status : 'loading' }));
    try {
      const res = await listRecords({ page: 1, rows: 100 });
      // A logout or a newer load may have happened meanwhile.
      if (mine !== generation) return;
      const items = [...res.list].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
      set({ items, status: 'ready' });
    } catch {
      if (mine === generation) set({ status: 'error' });
    }
  },
  async remove(id) {
    await deleteRecord(id);
    set((s) => ({ items: s.items.filter((i) => i.id !== id) }));
  },
  reset() {
    generation++;
    set({ items: [], status: 'idle' });
  },
}));

onLoggedOut(() => useHistoryStore.getState().reset());
