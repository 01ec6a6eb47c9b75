import type { SiteFooterRes, SiteSearchRes } from '@wanxiang/contract';
import { get } from './request';

/** Site-wide shell data: header search and footer lines (docs/product/shell-and-navigation.md §1, §2, §7). */

/** Recommendations and ranking (blank keyword) or matches; silent: the dropdown shows its own empty state. */
export function searchSite(keyword: string, signal?: AbortSignal): Promise<SiteSearchRes> {
  return get<SiteSearchRes>('/v2/config/search', { keyword }, { silent: true, signal });
}

/** Footer lines for this site's main domain; silent: without them the footer shows only the AI notice. */
export function fetchSiteFooter(domain: string): Promise<SiteFooterRes> {
  return get<SiteFooterRes>('/v1/config/site', { domain }, { silent: true });
}
