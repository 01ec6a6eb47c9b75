import type { SidebarGroup } from '@wanxiang/contract';

/**
 * Which sidebar entry is the current page. Paths carry queries (/chat?type=deepseek-r1), so a
 * sub-item matches on its path and every query field it names; a group matches on any of its
 * entries' paths, or below its own path. The first matching group wins, so /draw lights only
 * one group even though several list a /draw... page.
 */

function splitPath(path: string): { pathname: string; params: URLSearchParams } {
  const [pathname = '/', query = ''] = path.split('?');
  return { pathname: pathname.toLowerCase(), params: new URLSearchParams(query) };
}

/** The chat page answers at /chat and /msg alike (nav.ts isNavActive). */
function samePage(a: string, b: string): boolean {
  const chat = (p: string) => (p === '/msg' ? '/chat' : p);
  return chat(a) === chat(b);
}

/** A sub-item is the current page: same page and every query field of its path present. */
export function isItemActive(path: string, pathname: string, search: string): boolean {
  const item = splitPath(path);
  if (!samePage(item.pathname, pathname.toLowerCase())) return false;
  const here = new URLSearchParams(search);
  for (const [k, v] of item.params) {
    const got = here.get(k);
    if (got !== v && !(k === 'type' && decodeType(got) === v)) return false;
  }
  return true;
}

/** The chat page rewrites /chat?type=deepseek-r1 to /msg?type=<base64 of the key>. */
function decodeType(value: string | null): string | null {
  if (!value) return null;
  try {
    return atob(value);
  } catch {
    return null;
  }
}

function groupMatches(group: SidebarGroup, pathname: string): boolean {
  const here = pathname.toLowerCase();
  const paths = [group.path, ...group.children.map((c) => c.path)].filter((p): p is string => Boolean(p));
  if (paths.some((p) => samePage(splitPath(p).pathname, here))) return true;
  const own = group.path ? splitPath(group.path).pathname : '/';
  return own !== '/' && here.startsWith(`${own}/`);
}

/** The key of the group holding the current page, or null. */
export function activeGroupKey(groups: readonly SidebarGroup[], pathname: string): string | null {
  return groups.find((g) => groupMatches(g, pathname))?.key ?? null;
}

/** Red-dot keys (docs/product/shell-and-navigation.md §3: area:name:id). */
export const groupDotKey = (group: SidebarGroup) => `sidebar:${group.key}:group`;
export const childDotKey = (group: SidebarGroup, childKey: string) => `sidebar:${group.key}:${childKey}`;
