import type { ChatMessage } from '../../stores/chat-state';

/** 思维导图 on a finished reply (search-agents-tools 2.8, 4.5): being built. */
export function MindMapButton(_props: { message: ChatMessage }) {
  return null;
}
