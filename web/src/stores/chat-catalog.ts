import { create } from 'zustand';
import type { ModelEntry, ModelGroup } from '@wanxiang/contract';
import { fetchWebModels } from '../api/models';
import { getInviteCode } from './keywords';
import { useUserStore } from './user';
import { getModelList } from '../api/providers';
import { customModelToEntry } from '../features/providers/custom-entries';

/** The chat model catalog, loaded once per page view and shared by every chat screen. */
export interface CatalogState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: ModelEntry[];
  groups: ModelGroup[];
  /** Replies come from the built-in demo upstream. */
  demo: boolean;
  byKey: Record<string, ModelEntry>;
  load(force?: boolean): Promise<void>;
}

function indexModels(list: readonly ModelEntry[]): Record<string, ModelEntry> {
  const out: Record<string, ModelEntry> = {};
  const visit = (m: ModelEntry): void => {
    out[m.key] = m;
    m.children?.forEach(visit);
  };
  list.forEach(visit);
  return out;
}

let inflight: Promise<void> | null = null;

/** The logged-in user's custom models as 'customer' entries (docs/product/chat.md §7); none for guests or on failure. */
function fetchCustomModels(): Promise<ModelEntry[]> {
  if (!useUserStore.getState().token) return Promise.resolve([]);
  return getModelList()
    .then((list) => list.map(customModelToEntry))
    .catch(() => []);
}

export const useCatalogStore = create<CatalogState>()((set, get) => ({
  status: 'idle',
  list: [],
  groups: [],
  demo: false,
  byKey: {},
  load(force = false) {
    if (!force && (get().status === 'ready' || inflight)) return inflight ?? Promise.resolve();
    // A forced refresh (custom models changed) keeps the ready list on screen: menus stay mounted.
    if (get().status !== 'ready') set({ status: 'loading' });
    inflight = Promise.all([fetchWebModels(getInviteCode() || undefined), fetchCustomModels()])
      .then(([res, custom]) => {
        const list = [...res.list, ...custom];
        set({ status: 'ready', list, groups: res.groups, demo: res.demo, byKey: indexModels(list) });
      })
      .catch(() => set({ status: 'error' }))
      .finally(() => {
        inflight = null;
      });
    return inflight;
  },
}));

// Logging in or out changes the custom models (7.4): a catalog already on screen is refreshed
// so they reach the menus at once, not on the next page view.
useUserStore.subscribe((s, prev) => {
  if (s.token === prev.token || useCatalogStore.getState().status !== 'ready') return;
  void useCatalogStore.getState().load(true);
});

/** Models of a group, in menu order, skipping keys the catalog does not know. */
export function modelsOfGroup(group: ModelGroup, byKey: Record<string, ModelEntry>): ModelEntry[] {
  return group.models.map((k) => byKey[k]).filter((m): m is ModelEntry => m !== undefined);
}

/**
 * Which model menu is open on the chat page. Several places open them (title bar, the empty
 * chat's 'more' tile, mobile floating actions), so the state lives here, not in props.
 */
export interface ModelMenusState {
  /** The 'More' modal (search, group filter, curated / custom tabs). */
  moreOpen: boolean;
  /** Mobile: the left drawer of groups and models. */
  drawerOpen: boolean;
  openMore(): void;
  openDrawer(): void;
  close(): void;
}

export const useModelMenus = create<ModelMenusState>()((set) => ({
  moreOpen: false,
  drawerOpen: false,
  openMore: () => set({ moreOpen: true, drawerOpen: false }),
  openDrawer: () => set({ drawerOpen: true, moreOpen: false }),
  close: () => set({ moreOpen: false, drawerOpen: false }),
}));

/** Search over label, key and tags (the 'More' modal's model search). */
export function matchesModel(m: ModelEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [m.label, m.key, m.shortName, m.desc, ...m.tags].some((t) => t?.toLowerCase().includes(q));
}
