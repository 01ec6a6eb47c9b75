import { Button, Tooltip } from 'antd';
import { DownOutlined, HistoryOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { ModelIcon } from './ModelIcon';
import { ModelGroupsMenu } from './menu/ModelGroupsMenu';
import { ModelTags } from './ModelTags';
import { ChatShareMenu } from './share/ChatShareMenu';
import styles from './chat.module.css';

export interface ChatHeaderProps {
  model: ModelEntry | undefined;
  mobile: boolean;
  /** Open the model menu: the 'More' modal on desktop, the left drawer of models on mobile. */
  onSwitch: () => void;
  onNew: () => void;
  /** Mobile, logged in: open the history drawer (also among the floating actions). */
  onHistory?: () => void;
}

/**
 * Title bar (docs/product/chat.md §2): the model's icon and name and a switch-model button; on desktop the
 * name opens the menu of every group, and the bar shows the model's tags and a new-chat button. On mobile the name itself opens the drawer of models, history keeps
 * a button here, and new chat is among the floating actions.
 */
export function ChatHeader({ model, mobile, onSwitch, onNew, onHistory }: ChatHeaderProps) {
  return (
    <div className={styles.header} data-testid="chat-header">
      {mobile ? (
        <button type="button" className={styles.headerModelButton} onClick={onSwitch} aria-label={MSG.chatSwitchModel}>
          <ModelIcon model={model} size={26} />
          <span className={styles.headerName} data-testid="chat-model-name">
            {model?.label ?? ''}
          </span>
          <DownOutlined className={styles.headerCaret} />
        </button>
      ) : (
        <>
          <ModelGroupsMenu current={model?.key ?? ''}>
            <button type="button" className={styles.headerModelButton} aria-haspopup="menu" data-testid="model-groups-menu">
              <ModelIcon model={model} size={30} />
              <span className={styles.headerName} data-testid="chat-model-name">
                {model?.label ?? ''}
              </span>
              <DownOutlined className={styles.headerCaret} />
            </button>
          </ModelGroupsMenu>
          {model && (
            <div className={styles.headerTags}>
              <ModelTags model={model} />
            </div>
          )}
          <Button size="small" shape="round" icon={<SwapOutlined />} onClick={onSwitch} data-testid="switch-model">
            {MSG.chatSwitchModel}
          </Button>
        </>
      )}
      <div className={styles.headerSpacer} />
      <ChatShareMenu compact={mobile} />
      {mobile && onHistory && <Button type="text" icon={<HistoryOutlined />} aria-label={MSG.chatOpenHistory} onClick={onHistory} />}
      {!mobile && (
        <Tooltip title={MSG.chatNewSession}>
          <Button type="text" icon={<PlusOutlined />} aria-label={MSG.chatNewSession} onClick={onNew} />
        </Tooltip>
      )}
    </div>
  );
}
