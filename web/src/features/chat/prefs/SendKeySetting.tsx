import { App, Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { selectSendKeyMode, useConfigStore, type SendKeyMode } from '../../../stores/config';
import { useChatTool } from '../toolbar/chat-tool-context';
import styles from './prefs.module.css';

const LABELS: Record<SendKeyMode, string> = { 1: MSG.sendKeyEnter, 2: MSG.sendKeyCtrlEnter };
const ITEMS = ([1, 2] as const).map((mode) => ({ key: String(mode), label: LABELS[mode] }));

/** The send key setting (docs/product/chat.md §4): Enter or Ctrl+Enter sends; kept in config_storage. */
export function SendKeySetting() {
  const { message } = App.useApp();
  const { mobile } = useChatTool();
  const mode = useConfigStore(selectSendKeyMode);
  // Phones have no Ctrl key; their keyboards send with the on-screen button.
  if (mobile) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ITEMS,
        selectable: true,
        selectedKeys: [String(mode)],
        onClick: ({ key }) => {
          useConfigStore.getState().setSendKeyMode(key === '2' ? 2 : 1);
          void message.success(MSG.sendKeySaved);
        },
      }}
    >
      <Button size="small" type="text" className={styles.sendKey} data-testid="send-key-setting" aria-label={MSG.sendKeyTitle}>
        {MSG.sendKeyTitle}：{mode === 2 ? 'Ctrl+Enter' : 'Enter'} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
