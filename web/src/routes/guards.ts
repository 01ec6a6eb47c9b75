import type { Role, RouteConfig } from './types';

/**
 * The guards of docs/product/shell-and-navigation.md §2 as pure functions, so every rule is unit-tested without a browser.
 * RouteGuard.tsx applies the decision.
 */

export const PRODUCT_NAME = '万象 AI';
/** The model a chat opens when none (or an unknown one) is asked for. */
export const DEFAULT_CHAT_TYPE = 'index';

/** UTF-8 safe base64 (model keys are ASCII today, but a hash or a Chinese key must survive). */
export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Session parameters that must never be carried into another address (history, Referer). */
const SESSION_PARAMS = ['token', 'access_token', 'uid', 'client_code'] as const;

/** /chat?type=k&x=y -> /msg?type=base64(k)&x=y; the other query parameters are kept, session ones dropped. */
export function chatToMsgTarget(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SESSION_PARAMS) params.delete(name);
  params.set('type', encodeBase64(params.get('type') || DEFAULT_CHAT_TYPE));
  return `/msg?${params.toString()}`;
}

/** The model key of a /msg URL (base64 `type`), or 'index' when missing or not base64. */
export function modelTypeFromMsgSearch(search: string): string {
  const raw = new URLSearchParams(search).get('type');
  if (!raw) return DEFAULT_CHAT_TYPE;
  return decodeBase64(raw) || DEFAULT_CHAT_TYPE;
}

export function isChatEntryPath(pathname: string): boolean {
  return /^\/chat\/?$/i.test(pathname);
}

export function isLoginPath(pathname: string): boolean {
  return /^\/login(\/[^/]+)?\/?$/i.test(pathname);
}

/** Where a visitor without a token is sent (docs/product/shell-and-navigation.md §2: desktop -> chat, otherwise home). */
export function loginRequiredTarget(isMobile: boolean): string {
  return isMobile ? '/' : `/chat?type=${DEFAULT_CHAT_TYPE}`;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string; reason: 'chat' | 'loggedIn' | 'loginRequired' }
  /** Role refused: go home first, then to the 404 page (so Back lands on home). */
  | { kind: 'redirectThen'; to: string; then: string };

export interface GuardInput {
  route: Pick<RouteConfig, 'verifToken' | 'roles'>;
  pathname: string;
  search: string;
  isLoggedIn: boolean;
  isMobile: boolean;
  role: Role;
}

export function decideRoute({ route, pathname, search, isLoggedIn, isMobile, role }: GuardInput): GuardDecision {
  if (isChatEntryPath(pathname)) return { kind: 'redirect', to: chatToMsgTarget(search), reason: 'chat' };
  if (isLoggedIn && isLoginPath(pathname)) return { kind: 'redirect', to: '/', reason: 'loggedIn' };
  if (route.verifToken && !isLoggedIn) {
    return { kind: 'redirect', to: loginRequiredTarget(isMobile), reason: 'loginRequired' };
  }
  // A missing role list means user only (docs/product/shell-and-navigation.md §2).
  const roles = route.roles.length > 0 ? route.roles : ['user'];
  if (!roles.includes(role)) return { kind: 'redirectThen', to: '/', then: '/404' };
  return { kind: 'render' };
}

/** document.title for a route: its title with the product suffix, or the product name alone. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The user's role for route checks; user info carries `role: 'admin'` only for administrators. */
export function roleOf(user: object | null): Role {
  return user && 'role' in user && user.role === 'admin' ? 'admin' : 'user';
}
