import { SITE_RANKING_SIZE, SITE_SEARCH_RESULT_MAX, type SiteFooterRes, type SiteSearchItem, type SiteSearchRes } from '@wanxiang/contract';
import type { SiteCatalog, SiteTool } from './catalog';

/** The header's view of a tool: no id, no keywords. */
function toItem(t: SiteTool): SiteSearchItem {
  return { name: t.name, route: t.route, icon: t.icon, ...(t.desc ? { desc: t.desc } : {}) };
}

/**
 * Global search (docs/product/shell-and-navigation.md §2, §7). A blank keyword answers the ranking (banner, ordered, top 12)
 * and the recommended tools (icon); a keyword answers the tools whose name or keywords contain
 * it, ignoring case, name matches first, at most 30.
 */
export function searchSite(catalog: SiteCatalog, keyword: string): SiteSearchRes {
  const k = keyword.trim().toLowerCase();
  if (!k) {
    return { banner: catalog.ranking.slice(0, SITE_RANKING_SIZE).map(toItem), icon: catalog.recommended.map(toItem) };
  }
  const byName: SiteTool[] = [];
  const byKeyword: SiteTool[] = [];
  for (const t of catalog.tools) {
    if (t.name.toLowerCase().includes(k)) byName.push(t);
    else if (t.keywords.some((w) => w.toLowerCase().includes(k)) || t.desc?.toLowerCase().includes(k)) byKeyword.push(t);
  }
  return { banner: [], icon: [...byName, ...byKeyword].slice(0, SITE_SEARCH_RESULT_MAX).map(toItem) };
}

/**
 * The main domain of a host: its last two labels, lower-cased, without a port
 * (www.wanxiang.ai:443 -> wanxiang.ai). An IP address or a single label has none ('').
 */
export function mainDomain(host: string): string {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name || /^[\d.]+$/.test(name) || name.startsWith('[')) return '';
  const labels = name.split('.').filter(Boolean);
  return labels.length >= 2 ? labels.slice(-2).join('.') : '';
}

/** The footer lines for a host (docs/product/shell-and-navigation.md §1): its main domain's entry, else the default one. */
export function footerFor(catalog: SiteCatalog, host: string): SiteFooterRes {
  const domain = mainDomain(host);
  const own = domain ? catalog.footers.get(domain) : undefined;
  // parseSiteCatalog guarantees a default entry.
  const entry = own ?? catalog.footers.get('default')!;
  return { domain: own ? domain : '', ...entry };
}
