import { FloatButton } from 'antd';
import { HistoryOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useModelMenus } from '../../../stores/chat-catalog';
import styles from './mobile.module.css';

export interface MobileChatActionsProps {
  onNew: () => void;
  /** Absent for guests: history needs an account. */
  onHistory?: () => void;
}

/** Mobile (chat-core 2): floating actions for a new message, history and switching the model. */
export function MobileChatActions({ onNew, onHistory }: MobileChatActionsProps) {
  const openDrawer = useModelMenus((s) => s.openDrawer);
  return (
    <FloatButton.Group shape="circle" className={styles.fab} data-testid="mobile-actions">
      <FloatButton icon={<PlusOutlined />} tooltip={MSG.chatNewSession} aria-label={MSG.chatNewSession} onClick={onNew} />
      {onHistory && (
        <FloatButton icon={<HistoryOutlined />} tooltip={MSG.chatOpenHistory} aria-label={MSG.chatOpenHistory} onClick={onHistory} />
      )}
      <FloatButton
        icon={<SwapOutlined />}
        type="primary"
        tooltip={MSG.chatSwitchModel}
        aria-label={MSG.chatSwitchModel}
        onClick={openDrawer}
      />
    </FloatButton.Group>
  );
}
