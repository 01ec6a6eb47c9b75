import type { ModelEntry } from '@wanxiang/contract';
import type { ChatMessage } from '../../../stores/chat-state';

/**
 * Whether a finished reply gets follow-up suggestions: only a complete, non-empty answer, and
 * never from the chart model (its answers are charts, docs/product/chat.md §7), recognized by its quota kind.
 */
export function wantsFollowups(model: ModelEntry | undefined, reply: ChatMessage | undefined): boolean {
  if (!reply || reply.state !== 'ok' || !reply.message.trim()) return false;
  return model?.checkKey !== 'chat_table';
}
