import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Button, type GetRef } from 'antd';
import { Sender } from '@ant-design/x';
import { PauseCircleOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { ChatToolbar } from './toolbar/ChatToolbar';
import { AttachmentChips } from './attachments/AttachmentChips';
import { addAttachmentFiles } from './attachments/add-files';
import { MobilePlus } from './mobile/MobilePlus';
import { selectSendKeyMode, useConfigStore } from '../../stores/config';
import { sendKeyAction } from './send-rules';
import { useLeaveGuard } from './actions/useLeaveGuard';
import styles from './chat.module.css';

export interface ChatComposerHandle {
  setText(text: string): void;
  /** Empty the input if it still holds `text` (a question sent a moment later). */
  clearIf(text: string): void;
  /** Put the caret in the input (the focus-input shortcut). */
  focus(): void;
}

export interface ChatComposerProps {
  sending: boolean;
  mobile: boolean;
  /** Returns true when the question was accepted (the input then clears). */
  onSend: (text: string) => boolean;
  onStop: () => void;
}

/** The input's height: two rows to start, growing with the text up to 200 px (docs/product/chat.md §9). */
const INPUT_AUTO_SIZE = { minRows: 2, maxRows: 8 };
const INPUT_STYLE = { maxHeight: 200, overflowY: 'auto' } as const;

/**
 * The input and, while a reply streams, the stop button. The send key follows the local
 * setting (config_storage): 1 Enter sends and Shift+Enter is a newline, 2 Ctrl+Enter sends.
 */
export const ChatComposer = forwardRef<ChatComposerHandle, ChatComposerProps>(function ChatComposer(
  { sending, mobile, onSend, onStop },
  ref,
) {
  const [text, setText] = useState('');
  const sendKeyMode = useConfigStore(selectSendKeyMode);
  useLeaveGuard(sending);
  const sender = useRef<GetRef<typeof Sender>>(null);
  useImperativeHandle(
    ref,
    () => ({ setText, clearIf: (t) => setText((cur) => (cur.trim() === t.trim() ? '' : cur)), focus: () => sender.current?.focus() }),
    [],
  );

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
      <AttachmentChips disabled={sending} />
      <Sender
        ref={sender}
        className={styles.sender}
        // Mobile: the plus panel of shortcuts inside the pill-shaped input (docs/product/chat.md §2).
        prefix={mobile ? <MobilePlus disabled={sending} /> : undefined}
        value={text}
        onChange={(v) => setText(v)}
        // Pasted files become attachments (docs/product/chat.md §9); pasted text stays text.
        onPasteFile={(files) => void addAttachmentFiles(Array.from(files), { sending })}
        onSubmit={(v) => {
          if (onSend(v)) setText('');
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // The send key is ours alone (Sender's own Enter handling is turned off by returning false);
          // an empty input still goes to onSend, which answers 请输入需要提问的问题.
          const native = e.nativeEvent as KeyboardEvent;
          const { key, shiftKey, ctrlKey, metaKey, altKey } = e;
          const isComposing = native.isComposing || native.keyCode === 229;
          const action = sendKeyAction({ key, shiftKey, ctrlKey, metaKey, altKey, isComposing }, sendKeyMode);
          if (action === 'send') {
            e.preventDefault();
            if (onSend(text)) setText('');
          }
          return false;
        }}
        disabled={sending}
        placeholder={
          sending
            ? MSG.thinkingPlaceholder
            : mobile
              ? MSG.chatInputPlaceholderMobile
              : sendKeyMode === 2
                ? MSG.chatInputPlaceholderCtrl
                : MSG.chatInputPlaceholder
        }
        autoSize={mobile ? { minRows: 1, maxRows: 8 } : INPUT_AUTO_SIZE}
        styles={{ input: INPUT_STYLE }}
      />
    </div>
  );
});
