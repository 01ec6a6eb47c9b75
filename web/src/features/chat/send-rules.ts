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

/** The send validations of chat-core 5, in the order the user meets them. */
export function checkSend(input: SendCheckInput): SendCheck {
  const prompt = input.text.trim();
  if (!prompt) return { ok: false, reason: 'empty', msg: MSG.askEmpty };
  if (input.sending) return { ok: false, reason: 'pending', msg: MSG.replyPending };
  // Throttle: one send per second (chat-core 9); a double Enter must not send twice.
  if (input.now - input.lastSentAt < LIMITS.sendThrottleMs) return { ok: false, reason: 'throttled', msg: MSG.replyPending };
  if (!input.loggedIn) return { ok: false, reason: 'login', msg: MSG.unauthorized };
  if (input.model && !input.model.online) return { ok: false, reason: 'offline', msg: MSG.modelOffline };
  return { ok: true, prompt };
}
