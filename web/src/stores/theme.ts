import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';

/**
 * The colour scheme this browser asked for (issue 17, comfort; docs/product/comfort.md): follow the system by
 * default, or light or dark by choice. A habit of the person at this screen, so it stays local.
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

export interface ThemeState {
  preference: ThemePreference;
  setPreference(preference: ThemePreference): void;
}

function isPreference(v: unknown): v is ThemePreference {
  return v === 'system' || v === 'light' || v === 'dark';
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      preference: 'system',
      setPreference: (preference) => set({ preference }),
    }),
    {
      name: STORAGE_KEYS_SHELL.themeMode,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ preference: s.preference }),
      // A hand-edited value falls back to following the system.
      merge: (persisted, current) => {
        const p = (persisted as Partial<ThemeState> | undefined)?.preference;
        return { ...current, preference: isPreference(p) ? p : 'system' };
      },
    },
  ),
);

/** The scheme to draw: the choice, or the system's when the choice is to follow it. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/**
 * Marks the document for the CSS variables (`html[data-theme='dark']` in global.css) and tells the browser the
 * scheme (scroll bars, form controls). Called before the first render too, so a dark page does not flash white.
 */
export function applyThemeToDocument(theme: ResolvedTheme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
}
