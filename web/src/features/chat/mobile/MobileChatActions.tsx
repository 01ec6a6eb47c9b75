import { useState } from 'react';
import { FloatButton } from 'antd';
import { AppstoreOutlined, HistoryOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useModelMenus } from '../../../stores/chat-catalog';
import styles from './mobile.module.css';

export interface MobileChatActionsProps {
  onNew: () => void;
  /** Absent for guests: history needs an account. */
  onHistory?: () => void;
}

/**
 * Mobile (docs/product/chat.md §2): floating actions for a new message, history and switching the model.
 * Folded behind one button: three open buttons would cover the right edge of every reply.
 */
export function MobileChatActions({ onNew, onHistory }: MobileChatActionsProps) {
  const [open, setOpen] = useState(false);
  const act = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  return (
    // FloatButton.Group drops unknown props: the test id sits on a box-less wrapper.
    <div className={styles.fabWrap} data-testid="mobile-actions">
      <FloatButton.Group
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        shape="circle"
        icon={<AppstoreOutlined />}
        aria-label={MSG.mobilePlusOpen}
        className={styles.fab}
      >
        <FloatButton icon={<PlusOutlined />} tooltip={MSG.chatNewSession} aria-label={MSG.chatNewSession} onClick={act(onNew)} />
        {onHistory && (
          <FloatButton icon={<HistoryOutlined />} tooltip={MSG.chatOpenHistory} aria-label={MSG.chatOpenHistory} onClick={act(onHistory)} />
        )}
        <FloatButton
          icon={<SwapOutlined />}
          type="primary"
          tooltip={MSG.chatSwitchModel}
          aria-label={MSG.chatSwitchModel}
          onClick={act(useModelMenus.getState().openDrawer)}
        />
      </FloatButton.Group>
    </div>
  );
}
