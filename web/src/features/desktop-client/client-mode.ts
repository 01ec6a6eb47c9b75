/**
 * Desktop-client mode (shell 2.6, search-agents-tools 2.9). It is on when:
 * - the app was opened with source=bianjie_pc or wanxiang_pc (the desktop client's shell opens
 *   the site that way): remembered for the tab's session (sessionStorage), so in-app navigation
 *   that drops the query keeps the mode;
 * - or the app runs as the installed web client (PWA, display-mode standalone or
 *   window-controls-overlay): that is our desktop client today.
 * Other areas only ask `isDesktopClient()`.
 */
export const CLIENT_SOURCES = ['bianjie_pc', 'wanxiang_pc'] as const;
export const CLIENT_MODE_KEY = 'wx_desktop_client';

/** Query names the desktop client passes the session in (shell 2.6 "tokens supplied by query"). */
export const TOKEN_PARAMS = ['token', 'access_token', 'uid'] as const;

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

export interface QueryTokens {
  token: string;
  accessToken: string;
  uid: string;
}

/**
 * The session the client passed in the query: `token`, else `access_token` (the same value in
 * this API); null when neither is present. Values are trimmed and capped so junk is ignored.
 */
export function tokensFromQuery(search: string): QueryTokens | null {
  const q = new URLSearchParams(search);
  const clean = (v: string | null) => (v ?? '').trim().slice(0, 512);
  const token = clean(q.get('token')) || clean(q.get('access_token'));
  if (!token || /\s/.test(token)) return null;
  return { token, accessToken: clean(q.get('access_token')) || token, uid: clean(q.get('uid')) };
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
