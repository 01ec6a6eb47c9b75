import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { isMacPlatform, matchShortcut, SHORTCUTS, shortcutKeys, type KeyLike } from './shortcuts';
import { useShortcuts, type ShortcutHandlers } from './useShortcuts';

afterEach(cleanup);

const press = (over: Partial<KeyLike>): KeyLike => ({
  key: 'a',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: document.body,
  ...over,
});
const byId = (id: string) => SHORTCUTS.find((s) => s.id === id)!;

describe('matchShortcut', () => {
  const input = document.createElement('input');
  const textarea = document.createElement('textarea');
  const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });

  it('reads Ctrl on Windows/Linux and ⌘ on a Mac, not the other one', () => {
    expect(matchShortcut(press({ key: 'k', ctrlKey: true }), false)?.id).toBe('searchHistory');
    expect(matchShortcut(press({ key: 'k', metaKey: true }), true)?.id).toBe('searchHistory');
    expect(matchShortcut(press({ key: 'k', metaKey: true }), false)).toBeUndefined();
    expect(matchShortcut(press({ key: 'k', ctrlKey: true }), true)).toBeUndefined();
    expect(matchShortcut(press({ key: 'O', ctrlKey: true, shiftKey: true }), false)?.id).toBe('newChat');
    // Without its Shift, Ctrl+O is the browser's.
    expect(matchShortcut(press({ key: 'o', ctrlKey: true }), false)).toBeUndefined();
  });

  it('does not fire plain keys while typing in a field, but Esc and Ctrl/⌘ combinations do', () => {
    expect(matchShortcut(press({ key: '/' }), false)?.id).toBe('focusInput');
    expect(matchShortcut(press({ key: '?', shiftKey: true }), false)?.id).toBe('showSheet');
    expect(matchShortcut(press({ key: '/', target: textarea }), false)).toBeUndefined();
    expect(matchShortcut(press({ key: '?', shiftKey: true, target: input }), false)).toBeUndefined();
    expect(matchShortcut(press({ key: 'Escape', target: textarea }), false)?.id).toBe('stop');
    expect(matchShortcut(press({ key: 'k', ctrlKey: true, target: input }), false)?.id).toBe('searchHistory');
    // A checkbox is no text field.
    expect(matchShortcut(press({ key: '/', target: checkbox }), false)?.id).toBe('focusInput');
  });

  it('ignores keys an input method is composing, and Alt combinations', () => {
    expect(matchShortcut(press({ key: 'Escape', isComposing: true }), false)).toBeUndefined();
    expect(matchShortcut(press({ key: 'k', ctrlKey: true, altKey: true }), false)).toBeUndefined();
  });

  it('shows the keys of this computer', () => {
    expect(shortcutKeys(byId('searchHistory'), true)).toEqual(['⌘', 'K']);
    expect(shortcutKeys(byId('searchHistory'), false)).toEqual(['Ctrl', 'K']);
    expect(shortcutKeys(byId('newChat'), true)).toEqual(['⌘', '⇧', 'O']);
    expect(shortcutKeys(byId('stop'), false)).toEqual(['Esc']);
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(isMacPlatform({ platform: 'Linux x86_64' })).toBe(false);
  });
});

function Harness({ handlers }: { handlers: ShortcutHandlers }) {
  useShortcuts(handlers);
  return <textarea data-testid="field" />;
}

describe('useShortcuts', () => {
  it('runs the handler for a key on the page and not for the same key typed in a field', () => {
    const focusInput = vi.fn();
    const { getByTestId } = render(<Harness handlers={{ focusInput }} />);
    fireEvent.keyDown(getByTestId('field'), { key: '/' });
    expect(focusInput).not.toHaveBeenCalled();
    const onBody = fireEvent.keyDown(document.body, { key: '/' });
    expect(focusInput).toHaveBeenCalledTimes(1);
    // Handled: the browser does not type or search with it.
    expect(onBody).toBe(false);
  });

  it('lets Esc reach a field, and leaves the key alone when the handler declines', () => {
    let sending = true;
    const stop = vi.fn(() => (sending ? undefined : false));
    const { getByTestId } = render(<Harness handlers={{ stop }} />);
    expect(fireEvent.keyDown(getByTestId('field'), { key: 'Escape' })).toBe(false);
    sending = false;
    expect(fireEvent.keyDown(getByTestId('field'), { key: 'Escape' })).toBe(true);
    expect(stop).toHaveBeenCalledTimes(2);
  });

  it('ignores shortcuts the component does not handle', () => {
    const showSheet = vi.fn();
    render(<Harness handlers={{ showSheet }} />);
    expect(fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true })).toBe(true);
    expect(showSheet).not.toHaveBeenCalled();
  });
});
