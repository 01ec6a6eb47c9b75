import { useState } from 'react';
import { App, Button, Input, Modal, Space } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { SHARE_MSG as M, type ShareKind } from '@wanxiang/contract';
import { createShare, revokeShare } from '../../api/share';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * 分享: makes (or finds) the read-only link of a chat or a comparison (POST /v1/share/create) and shows it with
 * 复制链接 and 撤销分享. Used by the chat header and the battle page. `compact` (mobile): the icon only.
 */
export function ShareLinkButton({
  kind,
  id,
  disabled = false,
  compact = false,
}: {
  kind: ShareKind;
  id: string;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { message } = App.useApp();
  const [link, setLink] = useState<{ token: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      setLink(await createShare(kind, id));
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

  return (
    <>
      <Button
        type="text"
        icon={<ShareAltOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={() => void share()}
        aria-label={M.menuShare}
        data-testid={`${kind}-share`}
      >
        {!compact && M.menuShare}
      </Button>
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
