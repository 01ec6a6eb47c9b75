import type { ModelEntry } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { selectCurrentId, selectCurrentMessages, selectSending } from '../../stores/chat-selectors';
import { MessageList } from './MessageList';
import { FollowupSuggestions } from './suggestions/FollowupSuggestions';

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
  const sending = useChatStore(selectSending);
  const last = messages[messages.length - 1];
  return (
    <MessageList
      key={sessionId}
      messages={messages}
      modelOf={modelOf}
      userAvatar={userAvatar}
      sending={sending}
      footer={<FollowupSuggestions lastReplyId={last?.target === 'assistant' ? last.id : undefined} />}
    />
  );
}
