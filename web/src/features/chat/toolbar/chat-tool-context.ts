import { createContext, useContext } from 'react';
import type { ModelEntry } from '@wanxiang/contract';

/** What a composer tool may do to the chat page it sits in. */
export interface ChatToolApi {
  modelKey: string;
  model: ModelEntry | undefined;
  mobile: boolean;
  sending: boolean;
  /** Put text into the input (prompt library card, example, persona opener). */
  fillInput(text: string): void;
  /** Ask now, as if typed and sent; false when refused by the send rules. */
  send(text: string): boolean;
}

export const ChatToolContext = createContext<ChatToolApi | null>(null);

export function useChatTool(): ChatToolApi {
  const api = useContext(ChatToolContext);
  if (!api) throw new Error('useChatTool outside the chat page');
  return api;
}
