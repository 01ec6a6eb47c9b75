import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { SHARE_MSG as M, type ExportFormat } from '@wanxiang/contract';
import { exportChat } from '../../../api/share';
import { saveBlob } from '../../../api/save-file';
import { useChatStore } from '../../../stores/chat';
import { selectActiveConversationId, selectIsEmpty, selectSending } from '../../../stores/chat-selectors';
import { selectIsLoggedIn, useUserStore } from '../../../stores/user';
import { ShareLinkButton } from '../../share/ShareLinkButton';

const FORMATS: { key: ExportFormat; label: string }[] = [
  { key: 'md', label: M.exportMarkdown },
  { key: 'docx', label: M.exportWord },
  { key: 'pdf', label: M.exportPdf },
];

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * 分享 and 导出 in the chat header (docs/product/chat.md): a read-only link of the current conversation
 * (ShareLinkButton); the conversation as Markdown, Word or PDF. Only for a logged-in user's saved
 * conversation with messages, and not while an answer is still streaming (it would be cut off). `compact` (mobile):
 * icons only.
 */
export function ChatShareMenu({ compact = false }: { compact?: boolean }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const conversationId = useChatStore(selectActiveConversationId);
  const empty = useChatStore(selectIsEmpty);
  const sending = useChatStore(selectSending);
  if (!loggedIn || !conversationId || empty) return null;

  const download = async (format: ExportFormat) => {
    try {
      const file = await exportChat(conversationId, format, `chat.${format}`);
      saveBlob(file.blob, file.name);
    } catch (err) {
      void message.error(errorText(err, M.exportFailed));
    }
  };

  return (
    <>
      <ShareLinkButton kind="chat" id={conversationId} disabled={sending} compact={compact} />
      <Dropdown
        disabled={sending}
        menu={{ items: FORMATS.map((f) => ({ key: f.key, label: f.label })), onClick: ({ key }) => void download(key as ExportFormat) }}
      >
        <Button type="text" icon={<DownloadOutlined />} aria-label={M.menuExport} data-testid="chat-export">
          {!compact && M.menuExport}
        </Button>
      </Dropdown>
    </>
  );
}
