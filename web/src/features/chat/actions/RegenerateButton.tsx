import { Button, Dropdown, Space, Tooltip } from 'antd';
import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { ANSWER_ANGLES, MSG } from '@wanxiang/contract';
import { useChatTool } from '../toolbar/chat-tool-context';
import { useChatSender } from '../useChatSender';
import styles from './actions.module.css';

const ANGLE_ITEMS = ANSWER_ANGLES.map((key) => ({ key, label: MSG.prefsAngles[key] }));

/**
 * Regenerate the last reply (docs/product/chat.md §4): re-asks the last question, dropping the latest reply,
 * with the picked preferences or, from the menu, another answer angle for this time only.
 */
export function RegenerateButton() {
  const tool = useChatTool();
  const { regenerate } = useChatSender(tool.modelKey, tool.model, tool.fillInput);
  return (
    <Space.Compact size="small">
      <Tooltip title={MSG.chatRegenerate}>
        <Button type="text" size="small" icon={<ReloadOutlined />} aria-label={MSG.chatRegenerate} onClick={() => regenerate()} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{ items: ANGLE_ITEMS, onClick: ({ key }) => regenerate(key), className: styles.angleMenu }}
        placement="bottomLeft"
      >
        <Tooltip title={MSG.chatRegenerateAngle}>
          <Button type="text" size="small" aria-label={MSG.chatRegenerateAngle} className={styles.regenerate}>
            {MSG.chatRegenerateAngle} <DownOutlined />
          </Button>
        </Tooltip>
      </Dropdown>
    </Space.Compact>
  );
}
