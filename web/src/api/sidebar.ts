import type { SidebarConfig } from '@wanxiang/contract';
import { get } from './request';

/**
 * The sidebar catalogue (docs/product/shell-and-navigation.md §2). The token header (added by the request layer)
 * and the invite code decide whether the premium models are listed. Silent: without it the
 * sidebar shows its own retry state.
 */
export function fetchSidebar(inviteCode: string, signal?: AbortSignal): Promise<SidebarConfig> {
  return get<SidebarConfig>('/v2/config/sidebar', { invite_code: inviteCode || undefined }, { silent: true, signal });
}
