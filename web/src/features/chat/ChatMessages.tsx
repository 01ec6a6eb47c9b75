import type { ModelEntry } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { selectCurrentId, selectCurrentMessages } from '../../stores/chat-selectors';
import { MessageList } from './MessageList';

export interface ChatMessagesProps {
  modelOf: (key: string) => ModelEntry | undefined;
  userAvatar?: string;
}

/**
 * The only component that subscribes to the current messages: a streaming update re-renders
 * this list (and the one changing message), not the page, header or history around it.
 */
export function ChatMessages({ modelOf, userAvatar }: ChatMessagesProps) {
  const messages = useChatStore(selectCurrentMessages);
  const sessionId = useChatStore(selectCurrentId);
  return <MessageList key={sessionId} messages={messages} modelOf={modelOf} userAvatar={userAvatar} />;
}
