import { useState } from 'react';
import { App, Button, Dropdown, Input, Modal, Space } from 'antd';
import { DownloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { SHARE_MSG as M, type ExportFormat } from '@wanxiang/contract';
import { createShare, exportChat, revokeShare } from '../../../api/share';
import { saveBlob } from '../../../api/save-file';
import { useChatStore } from '../../../stores/chat';
import { selectActiveConversationId, selectIsEmpty, selectSending } from '../../../stores/chat-selectors';
import { selectIsLoggedIn, useUserStore } from '../../../stores/user';

const FORMATS: { key: ExportFormat; label: string }[] = [
  { key: 'md', label: M.exportMarkdown },
  { key: 'docx', label: M.exportWord },
  { key: 'pdf', label: M.exportPdf },
];

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * 分享 and 导出 in the chat header (docs/product/chat.md): a read-only link of the current conversation, shown with a
 * copy button and 撤销分享; the conversation as Markdown, Word or PDF. Only for a logged-in user's saved
 * conversation with messages, and not while an answer is still streaming (it would be cut off). `compact` (mobile):
 * icons only.
 */
export function ChatShareMenu({ compact = false }: { compact?: boolean }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const conversationId = useChatStore(selectActiveConversationId);
  const empty = useChatStore(selectIsEmpty);
  const sending = useChatStore(selectSending);
  const [link, setLink] = useState<{ token: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!loggedIn || !conversationId || empty) return null;

  const share = async () => {
    setBusy(true);
    try {
      setLink(await createShare('chat', conversationId));
    } catch (err) {
      void message.error(errorText(err, M.shareFailed));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(M.shareCopied);
    } catch {
      void message.error(M.shareCopyFailed);
    }
  };

  const revoke = async () => {
    if (!link) return;
    try {
      await revokeShare(link.token);
      setLink(null);
      void message.success(M.shareRevokeDone);
    } catch (err) {
      void message.error(errorText(err, M.shareFailed));
    }
  };

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
      <Button type="text" icon={<ShareAltOutlined />} loading={busy} disabled={sending} onClick={() => void share()} aria-label={M.menuShare} data-testid="chat-share">
        {!compact && M.menuShare}
      </Button>
      <Dropdown
        disabled={sending}
        menu={{ items: FORMATS.map((f) => ({ key: f.key, label: f.label })), onClick: ({ key }) => void download(key as ExportFormat) }}
      >
        <Button type="text" icon={<DownloadOutlined />} aria-label={M.menuExport} data-testid="chat-export">
          {!compact && M.menuExport}
        </Button>
      </Dropdown>
      <Modal open={!!link} title={M.shareTitle} onCancel={() => setLink(null)} footer={null} destroyOnHidden>
        <p>{M.shareIntro}</p>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link?.url ?? ''} data-testid="share-url" onFocus={(e) => e.target.select()} />
          <Button type="primary" onClick={() => void copy()}>
            {M.shareCopy}
          </Button>
        </Space.Compact>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Button danger onClick={() => void revoke()} data-testid="share-revoke">
            {M.shareRevoke}
          </Button>
        </div>
      </Modal>
    </>
  );
}
