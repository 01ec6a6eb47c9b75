import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';
import { applyThemeToDocument, resolveTheme, useThemeStore } from './theme';

describe('theme preference (theme_mode)', () => {
  beforeEach(() => {
    localStorage.clear();
    useThemeStore.setState({ preference: 'system' });
  });

  it('follows the system by default and resolves each choice', () => {
    expect(useThemeStore.getState().preference).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('remembers the choice in localStorage and reads it back', async () => {
    useThemeStore.getState().setPreference('dark');
    const saved = localStorage.getItem(STORAGE_KEYS_SHELL.themeMode)!;
    expect(JSON.parse(saved).state).toEqual({ preference: 'dark' });
    // As after a reload: the page starts on the default, then reads what was saved.
    useThemeStore.setState({ preference: 'system' });
    localStorage.setItem(STORAGE_KEYS_SHELL.themeMode, saved);
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().preference).toBe('dark');
  });

  it('falls back to the system for a hand-edited value', async () => {
    useThemeStore.setState({ preference: 'dark' });
    localStorage.setItem(STORAGE_KEYS_SHELL.themeMode, JSON.stringify({ state: { preference: 'purple' }, version: 1 }));
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().preference).toBe('system');
  });

  it('marks the document for the CSS variables and the browser', () => {
    applyThemeToDocument('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyThemeToDocument('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
