import { forwardRef, useImperativeHandle, useState } from 'react';
import { Button } from 'antd';
import { Sender } from '@ant-design/x';
import { PauseCircleOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { ChatToolbar } from './toolbar/ChatToolbar';
import { MobilePlus } from './mobile/MobilePlus';
import styles from './chat.module.css';

export interface ChatComposerHandle {
  setText(text: string): void;
}

export interface ChatComposerProps {
  sending: boolean;
  mobile: boolean;
  /** Returns true when the question was accepted (the input then clears). */
  onSend: (text: string) => boolean;
  onStop: () => void;
}

/** The input (Enter sends, Shift+Enter newline) and, while a reply streams, the stop button. */
export const ChatComposer = forwardRef<ChatComposerHandle, ChatComposerProps>(function ChatComposer(
  { sending, mobile, onSend, onStop },
  ref,
) {
  const [text, setText] = useState('');
  useImperativeHandle(ref, () => ({ setText }), []);

  return (
    <div className={`${styles.composer} ${mobile ? styles.composerMobile : ''}`} data-testid="chat-composer">
      {sending && (
        <div className={styles.stopRow}>
          <Button shape="round" icon={<PauseCircleOutlined />} onClick={onStop}>
            {MSG.chatStop}
          </Button>
        </div>
      )}
      <ChatToolbar />
      <Sender
        className={styles.sender}
        // Mobile: the plus panel of shortcuts inside the pill-shaped input (chat-core 2).
        prefix={mobile ? <MobilePlus disabled={sending} /> : undefined}
        value={text}
        onChange={(v) => setText(v)}
        onSubmit={(v) => {
          if (onSend(v)) setText('');
        }}
        submitType="enter"
        onKeyDown={(e) => {
          // Sender ignores Enter on an empty input; the spec wants 请输入需要提问的问题.
          const native = e.nativeEvent as KeyboardEvent;
          if (e.key === 'Enter' && !e.shiftKey && !native.isComposing && !text.trim()) {
            e.preventDefault();
            onSend('');
            return false;
          }
        }}
        disabled={sending}
        placeholder={sending ? MSG.thinkingPlaceholder : MSG.chatInputPlaceholder}
        autoSize={{ minRows: mobile ? 1 : 2, maxRows: 8 }}
      />
    </div>
  );
});
