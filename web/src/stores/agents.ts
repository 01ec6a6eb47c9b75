import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AgentItem } from '@wanxiang/contract';

/**
 * The agent menu (docs/product/agents.md §3, §4): the left list of the agent
 * pages, kept in the browser under agent_storage. The order is the user's; a 'new' badge clears
 * on first use; items move up, down or to the top, can be removed, and can be pinned to 最近使用.
 */
export interface AgentMenuItem {
  label: string;
  icon: string;
  /** Agent id (system) or sn (user agent). */
  key: string;
  type: 'index' | 'chat';
  new: boolean;
}

export type MoveResult = 'ok' | 'top' | 'bottom' | 'missing';

export interface AgentsState {
  agentMenuList: AgentMenuItem[];
  /** Keys in the 最近使用 group, most recent first. */
  recent: string[];
  /** Keys the user removed: not put back when the server list is merged again. */
  removed: string[];
  /** Keys whose 'new' badge was cleared by use. */
  seen: string[];
  agentId: string | null;
  showAgentGuide: boolean;
  /** Merge the server's system agents into the saved order (new ones at the end). */
  syncMenu(agents: AgentItem[]): void;
  moveUp(key: string): MoveResult;
  moveDown(key: string): MoveResult;
  toTop(key: string): MoveResult;
  remove(key: string): void;
  addRecent(key: string): void;
  /** The agent was opened: remember it and clear its badge. */
  use(key: string): void;
  hideGuide(): void;
}

export const RECENT_MAX = 6;
const HOME: AgentMenuItem = { label: '智能体首页', icon: '🏠', key: 'index', type: 'index', new: false };

/** Pure moves, exported for tests. */
export function move(list: AgentMenuItem[], key: string, to: 'up' | 'down' | 'top'): { list: AgentMenuItem[]; result: MoveResult } {
  const i = list.findIndex((x) => x.key === key);
  if (i < 0) return { list, result: 'missing' };
  // The home entry stays first: the top of the movable part is index 1.
  const first = list[0]?.type === 'index' ? 1 : 0;
  if (to !== 'down' && i <= first) return { list, result: 'top' };
  if (to === 'down' && i >= list.length - 1) return { list, result: 'bottom' };
  const next = [...list];
  const [item] = next.splice(i, 1);
  const at = to === 'up' ? i - 1 : to === 'down' ? i + 1 : first;
  next.splice(at, 0, item!);
  return { list: next, result: 'ok' };
}

export function mergeMenu(saved: AgentMenuItem[], agents: AgentItem[], removed: string[], seen: string[]): AgentMenuItem[] {
  const byKey = new Map(agents.map((a) => [a.id, a]));
  const kept = saved
    .filter((x) => x.type === 'index' || byKey.has(x.key))
    .map((x) => {
      const a = byKey.get(x.key);
      return a ? { ...x, label: a.name, icon: a.icon, new: !!a.new && !seen.includes(a.id) } : x;
    });
  const have = new Set(kept.map((x) => x.key));
  const home = agents.find((a) => a.name === HOME.label);
  const out = kept.some((x) => x.type === 'index') ? kept : [{ ...HOME, icon: home?.icon ?? HOME.icon }, ...kept];
  for (const a of agents) {
    if (have.has(a.id) || removed.includes(a.id) || a.name === HOME.label) continue;
    out.push({ label: a.name, icon: a.icon, key: a.id, type: 'chat', new: !!a.new && !seen.includes(a.id) });
  }
  return out;
}

export const useAgentsStore = create<AgentsState>()(
  persist(
    (set, get) => {
      const apply = (key: string, to: 'up' | 'down' | 'top'): MoveResult => {
        const { list, result } = move(get().agentMenuList, key, to);
        if (result === 'ok') set({ agentMenuList: list });
        return result;
      };
      return {
        agentMenuList: [],
        recent: [],
        removed: [],
        seen: [],
        agentId: null,
        showAgentGuide: true,
        syncMenu(agents) {
          const s = get();
          set({ agentMenuList: mergeMenu(s.agentMenuList, agents, s.removed, s.seen) });
        },
        moveUp: (key) => apply(key, 'up'),
        moveDown: (key) => apply(key, 'down'),
        toTop: (key) => apply(key, 'top'),
        remove(key) {
          const s = get();
          set({
            agentMenuList: s.agentMenuList.filter((x) => x.key !== key || x.type === 'index'),
            recent: s.recent.filter((k) => k !== key),
            removed: s.removed.includes(key) ? s.removed : [...s.removed, key],
          });
        },
        addRecent(key) {
          set({ recent: [key, ...get().recent.filter((k) => k !== key)].slice(0, RECENT_MAX) });
        },
        use(key) {
          const s = get();
          set({
            agentId: key,
            seen: s.seen.includes(key) ? s.seen : [...s.seen, key],
            agentMenuList: s.agentMenuList.map((x) => (x.key === key ? { ...x, new: false } : x)),
          });
        },
        hideGuide: () => set({ showAgentGuide: false }),
      };
    },
    {
      name: 'agent_storage',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ agentMenuList: s.agentMenuList, recent: s.recent, removed: s.removed, seen: s.seen, showAgentGuide: s.showAgentGuide }),
    },
  ),
);
