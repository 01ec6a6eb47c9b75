/**
 * Desktop-client keyboard shortcuts (docs/product/shell-and-navigation.md §2): Alt+Left back, Alt+Right forward, Alt+H home,
 * Alt+N toggles the sidebar (collapse/expand, the same as its own button), Alt+R refresh,
 * Alt+C copy the selection, Alt+V paste into the focused field. Ctrl+C / Ctrl+V are left to the
 * browser, which already does them (and the client shell maps them for its web view).
 */
export type ClientAction = 'back' | 'forward' | 'home' | 'toggleSidebar' | 'refresh' | 'copy' | 'paste';

export interface KeyLike {
  key: string;
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** The action for a key press, or null (the browser keeps it). Pure, so the mapping is unit-tested. */
export function shortcutAction(e: KeyLike): ClientAction | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  // `code` names the physical key, so layouts and Alt-composed characters (macOS) still match.
  const code = e.code ?? '';
  const key = e.key.toLowerCase();
  const is = (letter: string) => code === `Key${letter.toUpperCase()}` || key === letter;
  if (e.key === 'ArrowLeft' || code === 'ArrowLeft') return 'back';
  if (e.key === 'ArrowRight' || code === 'ArrowRight') return 'forward';
  if (is('h')) return 'home';
  if (is('n')) return 'toggleSidebar';
  if (is('r')) return 'refresh';
  if (is('c')) return 'copy';
  if (is('v')) return 'paste';
  return null;
}

/** Where 首页 / Alt+H go in the desktop client (docs/product/shell-and-navigation.md §2: home is the chat). */
export const CLIENT_HOME = '/chat?type=index';
