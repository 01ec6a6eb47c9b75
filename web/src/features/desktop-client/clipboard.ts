import { MSG } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';

/** Copy and paste of the desktop client's menu and shortcuts, through the Clipboard API (docs/product/shell-and-navigation.md §8 texts). */

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

export function editableTarget(el: Element | null): Editable | null {
  if (!el) return null;
  if (el instanceof HTMLTextAreaElement) return el.readOnly || el.disabled ? null : el;
  if (el instanceof HTMLInputElement) {
    const textual = ['text', 'search', 'url', 'tel', 'email', 'password', 'number', ''].includes(el.type);
    return textual && !el.readOnly && !el.disabled ? el : null;
  }
  if (el instanceof HTMLElement && el.isContentEditable) return el;
  return null;
}

/** The selected text: inside a field its own selection, else the page selection. */
export function selectedText(active: Element | null = document.activeElement): string {
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    const { selectionStart: a, selectionEnd: b } = active;
    if (a !== null && b !== null && b > a && active.type !== 'password') return active.value.slice(a, b);
  }
  return window.getSelection()?.toString() ?? '';
}

export async function copySelection(text: string = selectedText()): Promise<boolean> {
  if (!text) return false;
  try {
    await navigator.clipboard.writeText(text);
    feedback().success(MSG.copied);
    return true;
  } catch {
    feedback().error(MSG.copyDenied);
    return false;
  }
}

/**
 * Paste the clipboard text into `target` at its caret. execCommand('insertText') goes through the
 * browser's editing path, so React's controlled inputs see a normal input event and undo works.
 */
export async function pasteInto(target: Editable | null): Promise<boolean> {
  if (!target) return false;
  let text: string;
  try {
    text = await navigator.clipboard.readText();
  } catch {
    feedback().error(MSG.copyDenied);
    return false;
  }
  if (!text) return false;
  target.focus();
  if (document.execCommand?.('insertText', false, text)) return true;
  // Fallback for engines without insertText: splice the value and announce it.
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    target.setRangeText(text, start, end, 'end');
    target.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
  return false;
}
