import { useEffect, useSyncExternalStore } from 'react';
import { DARK_QUERY, applyThemeToDocument, resolveTheme, systemPrefersDark, useThemeStore, type ResolvedTheme } from '../stores/theme';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const mq = window.matchMedia(DARK_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** The system's scheme, live: a switch of the system's setting repaints a page that follows it. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribe, systemPrefersDark, () => false);
}

/** The scheme in force: the choice, or the system's when the choice is to follow it. */
export function useScheme(): ResolvedTheme {
  const preference = useThemeStore((s) => s.preference);
  return resolveTheme(preference, useSystemPrefersDark());
}

/** useScheme, kept on the document for the CSS variables (App calls it once). */
export function useResolvedTheme(): ResolvedTheme {
  const resolved = useScheme();
  useEffect(() => applyThemeToDocument(resolved), [resolved]);
  return resolved;
}
