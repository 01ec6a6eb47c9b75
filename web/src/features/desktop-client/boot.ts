import { useUserStore } from '../../stores/user';
import { rememberClientMode, stripTokenParams, tokensFromQuery } from './client-mode';

/**
 * Runs once before the first render (main.tsx): switch desktop-client mode on from the query and
 * take over the session the client passed as token/access_token/uid. The token goes into the
 * user store before the app mounts, so AppShell's user refresh (GET /v1/user/info with that
 * token) loads the account, and a bad token ends in the usual login prompt. The parameters are
 * removed from the address bar straight away (history.replaceState), before the router reads it.
 */
export function bootDesktopClient(): void {
  if (typeof window === 'undefined') return;
  const { search, href } = window.location;
  if (!rememberClientMode(search)) return;
  const tokens = tokensFromQuery(search);
  if (!tokens) return;
  window.history.replaceState(window.history.state, '', stripTokenParams(href));
  const current = useUserStore.getState();
  // Another account's stored session gives way to the one the client passed.
  if (current.token !== tokens.token) useUserStore.setState({ token: tokens.token, user: null });
}
