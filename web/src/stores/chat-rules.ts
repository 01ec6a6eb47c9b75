import { MSG, type HistoryMessage } from '@wanxiang/contract';
import type { ChatMessage } from './chat-state';

/**
 * How much earlier conversation rides along with a question. The contract allows 200
 * messages, but the body limit is 1 MB and long replies are long: keep the newest turns
 * up to a character budget.
 */
export const HISTORY_MAX_MESSAGES = 40;
export const HISTORY_MAX_CHARS = 60_000;

/** Only ok text/assistant messages are sent as history (docs/product/chat.md §3), oldest first. */
export function historyForRequest(messages: readonly ChatMessage[]): HistoryMessage[] {
  const picked: HistoryMessage[] = [];
  let chars = 0;
  for (let i = messages.length - 1; i >= 0 && picked.length < HISTORY_MAX_MESSAGES; i--) {
    const m = messages[i];
    if (!m || m.state !== 'ok') continue;
    if (m.messageType !== 'text' && m.messageType !== 'assistant') continue;
    if (m.target !== 'user' && m.target !== 'assistant') continue;
    if (!m.message) continue;
    chars += m.message.length;
    if (chars > HISTORY_MAX_CHARS) break;
    picked.push({ role: m.target, content: m.message, id: m.id });
  }
  return picked.reverse();
}

/** The three upstream failure texts of docs/product/chat.md §8 that must show as an error instead. */
export function isKnownFailedReply(text: string): boolean {
  const t = text.trim();
  return MSG.knownFailedReplies.includes(t);
}

/** Keeps the last copy of each id, in first-seen order (sessions are de-duplicated by id). */
export function dedupeById(messages: readonly ChatMessage[]): ChatMessage[] {
  const index = new Map<string, number>();
  const out: ChatMessage[] = [];
  for (const m of messages) {
    const at = index.get(m.id);
    if (at === undefined) {
      index.set(m.id, out.length);
      out.push(m);
    } else {
      out[at] = m;
    }
  }
  return out;
}

/** Final state of a reply when its stream ends normally. */
export function settleReply(m: ChatMessage, reasoningMs?: number): ChatMessage {
  const ms = m.reasoningMs ?? reasoningMs;
  if (isKnownFailedReply(m.message)) {
    return { ...m, state: 'error', message: '', errorText: MSG.retryLater, reasoningMs: ms };
  }
  return { ...m, state: 'ok', reasoningMs: ms };
}

/** A session title from its first question. */
export function titleFromQuestion(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > 20 ? `${oneLine.slice(0, 20)}…` : oneLine;
}
