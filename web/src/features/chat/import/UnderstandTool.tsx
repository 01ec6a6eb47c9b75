import { Button, Dropdown } from 'antd';
import {
  AudioOutlined,
  FileTextOutlined,
  GlobalOutlined,
  PaperClipOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { feedback } from '../../../components/feedback/holder';
import { AttachDialog } from '../attachments/AttachDialog';
import { useChatTool } from '../toolbar/chat-tool-context';
import { openChatTool, type ChatToolName } from '../toolbar/tool-bus';
import { ImportDialog } from './ImportDialog';

const ITEMS: { key: ChatToolName; label: string; icon: React.ReactNode }[] = [
  { key: 'image', label: MSG.attachImage, icon: <PictureOutlined /> },
  { key: 'doc', label: MSG.attachDoc, icon: <FileTextOutlined /> },
  { key: 'voice', label: MSG.importTitles.voice!, icon: <AudioOutlined /> },
  { key: 'video', label: MSG.importTitles.video!, icon: <VideoCameraOutlined /> },
  { key: 'web', label: MSG.importTitles.web!, icon: <GlobalOutlined /> },
];

/**
 * The bottom tools for files and imports (docs/product/uploads.md §2): image, document, voice, video and web
 * understanding, one menu on desktop; on mobile the plus panel opens the same dialogs by name.
 */
export function UnderstandTool() {
  const { mobile, sending } = useChatTool();
  const open = (name: ChatToolName) => {
    // Uploading while a reply streams is refused (docs/product/uploads.md §5).
    if (sending) return feedback().warn(MSG.busyChatting);
    openChatTool(name);
  };
  return (
    <>
      {!mobile && (
        <Dropdown
          menu={{
            items: ITEMS.map((i) => ({ key: i.key, label: i.label, icon: i.icon })),
            onClick: ({ key }) => open(key as ChatToolName),
          }}
          trigger={['click']}
          placement="topLeft"
        >
          <Button size="small" shape="round" icon={<PaperClipOutlined />} data-testid="tool-understand">
            {MSG.importToolLabel}
          </Button>
        </Dropdown>
      )}
      <AttachDialog />
      <ImportDialog />
    </>
  );
}
