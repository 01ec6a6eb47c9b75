import { useEffect, useRef } from 'react';
import { isMacPlatform, matchShortcut, SHORTCUTS, type ShortcutId } from './shortcuts';

/** What a page does for a shortcut; returning false leaves the key to the browser and to others. */
export type ShortcutHandlers = Partial<Record<ShortcutId, () => boolean | void>>;

/**
 * Listens for the shortcuts this component handles (the `?` sheet everywhere, the chat's own on the chat page).
 * The handlers may change every render; the listener stays.
 */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const mac = isMacPlatform();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const shortcut = matchShortcut(e, mac, SHORTCUTS);
      const handler = shortcut && current.current[shortcut.id];
      if (!handler) return;
      if (handler() === false) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
