import { clientCodeFromQuery, hasTokenParams, rememberClientMode, stripTokenParams } from './client-mode';
import { handOverClientLogin } from './client-login';

/**
 * Runs once before the router exists (boot-now.ts, imported by main.tsx ahead of the app):
 * switches desktop-client mode on from the query, removes every session parameter from the
 * address (history.replaceState) whatever the source, and in client mode trades the one-time
 * `client_code` for a session by POST. A `token` in the address is never used.
 */
export function bootDesktopClient(): void {
  if (typeof window === 'undefined') return;
  const { search, href } = window.location;
  const clientMode = rememberClientMode(search);
  if (hasTokenParams(search)) window.history.replaceState(window.history.state, '', stripTokenParams(href));
  const code = clientMode ? clientCodeFromQuery(search) : null;
  if (code) void handOverClientLogin(code);
}
