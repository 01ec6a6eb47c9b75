import { Button, Tooltip } from 'antd';
import { HistoryOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { ModelIcon } from './ModelIcon';
import { ModelTags } from './ModelTags';
import styles from './chat.module.css';

export interface ChatHeaderProps {
  model: ModelEntry | undefined;
  mobile: boolean;
  showHistoryButton: boolean;
  onSwitch: () => void;
  onNew: () => void;
  onHistory: () => void;
}

/** Title bar: model icon and name, switch-model, and (mobile) history and new chat. */
export function ChatHeader({ model, mobile, showHistoryButton, onSwitch, onNew, onHistory }: ChatHeaderProps) {
  return (
    <div className={styles.header}>
      <ModelIcon model={model} size={mobile ? 26 : 30} />
      <div className={styles.headerName} data-testid="chat-model-name">
        {model?.label ?? ''}
      </div>
      {!mobile && model && (
        <div className={styles.headerTags}>
          <ModelTags model={model} />
        </div>
      )}
      <Button size="small" shape="round" icon={<SwapOutlined />} onClick={onSwitch}>
        {mobile ? null : MSG.chatSwitchModel}
      </Button>
      <div className={styles.headerSpacer} />
      {mobile && showHistoryButton && (
        <Tooltip title={MSG.chatOpenHistory}>
          <Button type="text" icon={<HistoryOutlined />} aria-label={MSG.chatOpenHistory} onClick={onHistory} />
        </Tooltip>
      )}
      <Tooltip title={MSG.chatNewSession}>
        <Button type="text" icon={<PlusOutlined />} aria-label={MSG.chatNewSession} onClick={onNew} />
      </Tooltip>
    </div>
  );
}
