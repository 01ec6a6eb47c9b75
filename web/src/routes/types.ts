import type { BuiltPageKey } from './pages';

/** Route config of docs/product/shell-and-navigation.md §3 ("Route config: id, path, verifToken flag, role list, optional title"). */
export type Role = 'user' | 'admin';

/** Which page a route renders; the router maps each key to a (lazy) component. */
export type PageKey = 'home' | 'chat' | 'login' | 'notFound' | 'placeholder' | BuiltPageKey;

export interface RouteConfig {
  id: string;
  path: string;
  /** Login required (docs/product/shell-and-navigation.md §2). */
  verifToken: boolean;
  roles: readonly Role[];
  /** Shown as the document title (with the product suffix) and on placeholder pages. */
  title?: string;
  element: PageKey;
}

/** Every route lists both roles (docs/product/shell-and-navigation.md §2); a missing role defaults to user. */
export const ALL_ROLES: readonly Role[] = ['user', 'admin'];

interface RouteOptions {
  verifToken?: boolean;
  roles?: readonly Role[];
  element?: PageKey;
}

/** One route; pages not built yet render the shared placeholder. */
export function route(path: string, title: string | undefined, opts: RouteOptions = {}): RouteConfig {
  return {
    id: path,
    path,
    verifToken: opts.verifToken ?? false,
    roles: opts.roles ?? ALL_ROLES,
    title,
    element: opts.element ?? 'placeholder',
  };
}

/** Routes under one prefix, from a map of sub-path -> title. */
export function family(prefix: string, pages: Record<string, string>, opts: RouteOptions = {}): RouteConfig[] {
  return Object.entries(pages).map(([sub, title]) => route(sub ? `${prefix}/${sub}` : prefix, title, opts));
}
