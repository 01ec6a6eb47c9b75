import { useCallback, useEffect } from 'react';
import { App, Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatStore } from '../../../stores/chat';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import { useFollowupStore } from '../suggestions/followup-store';
import { stopSpeaking } from './speech';

/**
 * Clear chat (docs/product/chat.md §4): the current session goes back to its template messages (the empty
 * chat with its examples). Also opened by name ('clear') from the mobile plus panel.
 */
export function ClearChatTool() {
  const { message } = App.useApp();
  const { mobile } = useChatTool();

  const clear = useCallback(() => {
    const st = useChatStore.getState();
    if (st.sending) {
      void message.warning(MSG.replyPending);
      return;
    }
    stopSpeaking();
    useFollowupStore.getState().clear();
    st.clearMessages(st.currentId);
    void message.success(MSG.clearSuccess);
  }, [message]);

  useEffect(() => onChatTool('clear', clear), [clear]);

  // On mobile the plus panel offers clearing; the toolbar stays short.
  if (mobile) return null;
  return (
    <Button size="small" shape="round" icon={<ClearOutlined />} onClick={clear} data-testid="tool-clear">
      {MSG.chatClear}
    </Button>
  );
}
