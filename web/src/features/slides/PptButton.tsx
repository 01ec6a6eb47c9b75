import type { ChatMessage } from '../../stores/chat-state';

/** PPT on a finished reply (search-agents-tools 2.8, 4.5): being built. */
export function PptButton(_props: { message: ChatMessage }) {
  return null;
}
