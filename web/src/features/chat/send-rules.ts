import { LIMITS, MSG, type ModelEntry } from '@wanxiang/contract';

export interface SendCheckInput {
  text: string;
  sending: boolean;
  loggedIn: boolean;
  /** When the previous send was accepted (ms), 0 if never. */
  lastSentAt: number;
  now: number;
  model: ModelEntry | undefined;
}

export type SendCheck =
  { ok: true; prompt: string } | { ok: false; reason: 'empty' | 'pending' | 'throttled' | 'login' | 'offline'; msg: string };

/** The send validations of docs/product/chat.md §5, in the order the user meets them. */
export function checkSend(input: SendCheckInput): SendCheck {
  const prompt = input.text.trim();
  if (!prompt) return { ok: false, reason: 'empty', msg: MSG.askEmpty };
  if (input.sending) return { ok: false, reason: 'pending', msg: MSG.replyPending };
  // Throttle: one send per second (docs/product/chat.md §9); a double Enter must not send twice.
  if (input.now - input.lastSentAt < LIMITS.sendThrottleMs) return { ok: false, reason: 'throttled', msg: MSG.replyPending };
  if (!input.loggedIn) return { ok: false, reason: 'login', msg: MSG.unauthorized };
  if (input.model && !input.model.online) return { ok: false, reason: 'offline', msg: MSG.modelOffline };
  return { ok: true, prompt };
}

/** The keys of one keydown that matter for sending. */
export interface EnterKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** An IME is composing (a Chinese candidate is being picked with Enter): never send. */
  isComposing: boolean;
}

/**
 * What a keydown in the input does under a send key mode (docs/product/chat.md §4): 'send', or 'type' (let
 * the textarea do its default: a newline for Enter). Mode 1: Enter sends, Shift+Enter newline.
 * Mode 2: Ctrl+Enter (⌘+Enter on a Mac) sends, Enter newline.
 */
export function sendKeyAction(e: EnterKey, mode: 1 | 2): 'send' | 'type' {
  if (e.key !== 'Enter' || e.isComposing) return 'type';
  if (mode === 1) return !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey ? 'send' : 'type';
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey ? 'send' : 'type';
}
