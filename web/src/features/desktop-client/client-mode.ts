/**
 * Desktop-client mode (docs/product/shell-and-navigation.md §2). It is on when:
 * - the app was opened with source=bianjie_pc or wanxiang_pc (the desktop client's shell opens
 *   the site that way): remembered for the tab's session (sessionStorage), so in-app navigation
 *   that drops the query keeps the mode;
 * - or the app runs as the installed web client (PWA, display-mode standalone or
 *   window-controls-overlay): that is our desktop client today.
 * Other areas only ask `isDesktopClient()`.
 */
export const CLIENT_SOURCES = ['bianjie_pc', 'wanxiang_pc'] as const;
export const CLIENT_MODE_KEY = 'wx_desktop_client';

/**
 * Session parameters an address may carry: the desktop client's one-time `client_code` (docs/product/shell-and-navigation.md §2
 * "tokens supplied by query"), and the older `token` / `access_token` / `uid`, which are never used
 * (a link could otherwise sign a visitor into someone else's account) and always stripped.
 */
export const TOKEN_PARAMS = ['token', 'access_token', 'uid', 'client_code'] as const;

export function isClientSource(source: string | null | undefined): boolean {
  return (CLIENT_SOURCES as readonly string[]).includes(source ?? '');
}

function sessionFlag(): boolean {
  try {
    return sessionStorage.getItem(CLIENT_MODE_KEY) === '1';
  } catch {
    return false;
  }
}

/** True when running as an installed app window (PWA). */
export function isStandaloneApp(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(display-mode: standalone)').matches || window.matchMedia('(display-mode: window-controls-overlay)').matches;
}

export function isDesktopClient(): boolean {
  if (typeof window === 'undefined') return false;
  return sessionFlag() || isClientSource(new URLSearchParams(window.location.search).get('source')) || isStandaloneApp();
}

/** The desktop client's one-time login code in the query, or null (junk is ignored). */
export function clientCodeFromQuery(search: string): string | null {
  const code = (new URLSearchParams(search).get('client_code') ?? '').trim();
  return /^[\w-]{20,64}$/.test(code) ? code : null;
}

export function hasTokenParams(search: string): boolean {
  const q = new URLSearchParams(search);
  return TOKEN_PARAMS.some((name) => q.has(name));
}

/** The address without the session parameters (they must not stay in history or be shared). */
export function stripTokenParams(href: string): string {
  const url = new URL(href);
  for (const name of TOKEN_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Turn the mode on for this tab when the query says so; returns whether the mode is on. */
export function rememberClientMode(search: string): boolean {
  if (isClientSource(new URLSearchParams(search).get('source'))) {
    try {
      sessionStorage.setItem(CLIENT_MODE_KEY, '1');
    } catch {
      // Storage blocked: the query still marks this load, later loads fall back to the browser mode.
    }
  }
  return isDesktopClient();
}

/** The desktop client's native window bridge, when its shell injects one. */
export interface DesktopBridge {
  minimize?: () => void;
  maximize?: () => void;
  close?: () => void;
}

export function desktopBridge(): DesktopBridge | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { wanxiangDesktop?: DesktopBridge; bianjieDesktop?: DesktopBridge };
  return w.wanxiangDesktop ?? w.bianjieDesktop ?? null;
}
