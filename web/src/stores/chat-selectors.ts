import type { ChatStore } from './chat';
import type { ChatMessage, ChatSession } from './chat-state';

const EMPTY: ChatMessage[] = [];

export const selectCurrentSession = (s: ChatStore): ChatSession | undefined => s.sessions.find((x) => x.id === s.currentId);
export const selectCurrentMessages = (s: ChatStore): ChatMessage[] => selectCurrentSession(s)?.data ?? EMPTY;
export const selectSending = (s: ChatStore): boolean => s.sending;
export const selectCurrentId = (s: ChatStore): string => s.currentId;
export const selectIsEmpty = (s: ChatStore): boolean => selectCurrentMessages(s).length === 0;
/** The id the server history knows the current session by. */
export const selectActiveConversationId = (s: ChatStore): string | undefined => {
  const cur = selectCurrentSession(s);
  return cur?.conversationId ?? cur?.id;
};
