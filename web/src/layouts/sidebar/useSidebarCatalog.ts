import { useCallback, useEffect, useState } from 'react';
import type { SidebarConfig, SidebarGroup } from '@wanxiang/contract';
import { fetchSidebar } from '../../api/sidebar';
import { isDesktopClient } from '../../features/desktop-client/client-mode';
import { getInviteCode } from '../../stores/keywords';
import { useUserStore } from '../../stores/user';

/**
 * The sidebar catalogue for this visitor. The desktop sidebar and the mobile drawer share one
 * answer per (session, vipgrade, invite code): logging in or a vipgrade change fetches again,
 * since the premium models depend on them.
 */
const cache = new Map<string, Promise<SidebarConfig>>();

export interface SidebarCatalogState {
  data: SidebarConfig | null;
  failed: boolean;
  retry: () => void;
}

export function useSidebarCatalog(): SidebarCatalogState {
  const token = useUserStore((s) => s.token);
  const vipgrade = useUserStore((s) => s.user?.vipgrade ?? 0);
  const invite = getInviteCode();
  const cacheKey = `${token}|${vipgrade}|${invite}`;
  const [state, setState] = useState<{ key: string; data: SidebarConfig | null; failed: boolean }>({ key: '', data: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    let pending = cache.get(cacheKey);
    if (!pending) {
      pending = fetchSidebar(invite);
      cache.set(cacheKey, pending);
    }
    pending.then(
      (data) => alive && setState({ key: cacheKey, data, failed: false }),
      () => {
        cache.delete(cacheKey);
        if (alive) setState((s) => ({ ...s, failed: true }));
      },
    );
    return () => {
      alive = false;
    };
  }, [cacheKey, invite, attempt]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, failed: false }));
    setAttempt((n) => n + 1);
  }, []);

  // Keep showing the previous catalogue while the next one loads (no blank flash on login).
  return { data: state.data, failed: state.failed && !state.data, retry };
}

/** Groups to draw: desktop-client mode hides the home item (docs/product/shell-and-navigation.md §2). */
export function visibleGroups(groups: readonly SidebarGroup[], desktopClient = isDesktopClient()): SidebarGroup[] {
  return groups.filter((g) => !(desktopClient && g.hideInDesktopClient));
}
