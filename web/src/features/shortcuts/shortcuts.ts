import { COMFORT_MSG as T } from '@wanxiang/contract';

/**
 * The keyboard shortcuts (issue 17, comfort; docs/product/comfort.md): what each does, its key, and whether it
 * fires while the person is typing in a field. Plain keys (`/`, `?`) never do: they are text there. Esc and the
 * Ctrl/⌘ combinations do, as people expect from chat apps (Esc stops the answer from anywhere).
 */
export type ShortcutId = 'newChat' | 'stop' | 'focusInput' | 'searchHistory' | 'showSheet';

export interface Shortcut {
  id: ShortcutId;
  /** KeyboardEvent.key, lower case for letters. */
  key: string;
  /** Ctrl on Windows and Linux, ⌘ on a Mac. */
  mod: boolean;
  shift: boolean;
  /** Fires while the focus is in a text field. */
  inInputs: boolean;
  label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'newChat', key: 'o', mod: true, shift: true, inInputs: true, label: T.shortcutNewChat },
  { id: 'stop', key: 'Escape', mod: false, shift: false, inInputs: true, label: T.shortcutStop },
  { id: 'focusInput', key: '/', mod: false, shift: false, inInputs: false, label: T.shortcutFocusInput },
  { id: 'searchHistory', key: 'k', mod: true, shift: false, inInputs: true, label: T.shortcutSearchHistory },
  // `?` is Shift+/ on most layouts: the shift is part of the character, not checked.
  { id: 'showSheet', key: '?', mod: false, shift: false, inInputs: false, label: T.shortcutShowSheet },
];

/** The parts of a KeyboardEvent the matcher reads (a plain object in tests). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Apple keyboards use ⌘ where others use Ctrl. */
export function isMacPlatform(nav: { platform?: string; userAgent?: string } = typeof navigator === 'undefined' ? {} : navigator): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent || '');
}

/** A text field, an editable element or a select has the focus: plain keys are the person's text there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(type);
}

/** The shortcut this key press means, among `shortcuts`, or undefined. */
export function matchShortcut(e: KeyLike, mac: boolean, shortcuts: readonly Shortcut[] = SHORTCUTS): Shortcut | undefined {
  // An input method is composing Chinese: its keys are not ours.
  if (e.isComposing) return undefined;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const mod = mac ? e.metaKey : e.ctrlKey;
  // The other modifier (Ctrl on a Mac, the Windows key elsewhere) or Alt: some other combination.
  const other = mac ? e.ctrlKey : e.metaKey;
  const typing = isTypingTarget(e.target);
  return shortcuts.find((s) => {
    if (s.key !== key || s.mod !== mod || other || e.altKey) return false;
    if (s.key !== '?' && s.shift !== e.shiftKey) return false;
    return s.inInputs || !typing;
  });
}

/** The keys to show for a shortcut: ['⌘', '⇧', 'O'] on a Mac, ['Ctrl', 'Shift', 'O'] elsewhere. */
export function shortcutKeys(s: Shortcut, mac: boolean): string[] {
  const keys: string[] = [];
  if (s.mod) keys.push(mac ? '⌘' : 'Ctrl');
  if (s.shift) keys.push(mac ? '⇧' : 'Shift');
  keys.push(s.key === 'Escape' ? 'Esc' : s.key.toUpperCase());
  return keys;
}
