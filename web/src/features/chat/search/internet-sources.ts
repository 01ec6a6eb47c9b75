import { create } from 'zustand';
import type { InternetSource } from '@wanxiang/contract';
import { fetchInternetSources } from '../../../api/models';

/** The search sources of /v1/config/model/internet, loaded once per page life (catalog data). */
interface InternetSourcesState {
  list: InternetSource[];
  /** A backend answers searches (false: answers go on without search, the server says so). */
  available: boolean;
  demo: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  load(): Promise<void>;
}

export const useInternetSources = create<InternetSourcesState>()((set, get) => ({
  list: [],
  available: false,
  demo: false,
  status: 'idle',
  async load() {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading' });
    try {
      const res = await fetchInternetSources();
      set({ list: res.list, available: res.available, demo: res.demo, status: 'ready' });
    } catch {
      // Silent: the picker stays usable with 不启用 only; the next open retries.
      set({ status: 'failed' });
    }
  },
}));
