import type { SidebarConfig, SidebarFile } from '@wanxiang/contract';

/** Who is asking, as far as the catalogue cares. */
export interface SidebarViewer {
  /** The caller's vipgrade (0 for visitors and ordinary users). */
  vipgrade: number;
  /** The browser arrived with an invite code (keywords_state.invite_code). */
  hasInviteCode: boolean;
}

/**
 * The catalogue as this caller may see it (docs/product/shell-and-navigation.md §2, §6): premium models only
 * with an invite code or a non-zero vipgrade; entries marked requiresAiAmuse only when the
 * ai_amuse flag is on. Operator-only fields (premium, requiresAiAmuse) are not sent.
 */
export function projectSidebar(file: SidebarFile, viewer: SidebarViewer): SidebarConfig {
  const premiumOk = viewer.vipgrade > 0 || viewer.hasInviteCode;
  return {
    carouselIntervalMs: file.carouselIntervalMs,
    banners: file.banners,
    groups: file.groups.map((g) => ({
      ...g,
      children: g.children
        .filter((c) => (premiumOk || !c.premium) && (file.ai_amuse || !c.requiresAiAmuse))
        .map(({ premium: _p, requiresAiAmuse: _a, ...child }) => child),
    })),
  };
}
