import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Skeleton, Tag } from 'antd';
import { SHARE_MSG as M, type ShareItem } from '@wanxiang/contract';
import { useCallback, useEffect, useState } from 'react';
import { listShares, revokeShare } from '../../../api/share';
import { copyText } from '../../invite/copy-text';
import infoStyles from '../../info/info.module.css';
import { formatTime } from '../../points/format';
import styles from './shares.module.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; items: ShareItem[] };

function ShareRow({ item, onRevoke }: { item: ShareItem; onRevoke: (item: ShareItem) => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(item.url)) void message.success(M.shareCopied);
    else void message.error(M.shareCopyFailed);
  };
  return (
    <li className={styles.item} data-testid="share-item" data-token={item.token}>
      <div className={styles.main}>
        <div className={styles.titleRow}>
          <Tag color={item.kind === 'battle' ? 'purple' : 'blue'} className={styles.kind} data-testid="share-item-kind">
            {item.kind === 'battle' ? M.listKindBattle : M.listKindChat}
          </Tag>
          <span className={styles.title} title={item.title} data-testid="share-item-title">
            {item.title}
          </span>
        </div>
        <div className={styles.meta}>{M.listCreated(formatTime(item.createdAt))}</div>
        <code className={styles.url} title={item.url} data-testid="share-item-url">
          {item.url}
        </code>
      </div>
      <div className={styles.actions}>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-item-copy">
          {M.shareCopy}
        </Button>
        <Button size="small" icon={<ExportOutlined />} href={item.url} target="_blank" rel="noopener noreferrer" data-testid="share-item-open">
          {M.listOpen}
        </Button>
        <Button size="small" danger onClick={() => onRevoke(item)} data-testid="share-item-revoke">
          {M.listRevoke}
        </Button>
      </div>
    </li>
  );
}

/**
 * 我的分享 on /console (docs/product/chat.md §2): the caller's live share links (GET /v1/share/list), each with its
 * kind, title, creation time and link, 复制链接, 打开 and 撤销 (after a confirmation). Rows stack on a phone.
 */
export function SharesSection() {
  const { modal, message } = App.useApp();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', items: (await listShares()).list });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const revoke = (item: ShareItem) =>
    void modal.confirm({
      title: M.listRevokeTitle,
      content: M.listRevokeConfirm(item.title),
      okText: M.listRevoke,
      cancelText: M.cancel,
      okButtonProps: { danger: true, ...({ 'data-testid': 'share-revoke-ok' } as object) },
      centered: true,
      onOk: async () => {
        try {
          await revokeShare(item.token);
          void message.success(M.shareRevokeDone);
          // The revoke succeeded: drop the row at once rather than flash the list through a reload.
          setLoad((l) => (l.state === 'ready' ? { state: 'ready', items: l.items.filter((i) => i.token !== item.token) } : l));
        } catch (err) {
          void message.error(err instanceof Error && err.message ? err.message : M.listRevokeFailed);
          // Revoked elsewhere (another tab, the chat's dialog): show what the server holds now.
          void reload();
        }
      },
    });

  return (
    <div className={infoStyles.card} data-testid="shares-section">
      <h2 className={infoStyles.cardTitle}>{M.listTitle}</h2>
      <p className={`${infoStyles.muted} ${styles.intro}`}>{M.listIntro}</p>
      {load.state === 'loading' && (
        <div data-testid="shares-loading">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      )}
      {load.state === 'error' && (
        <Alert
          type="error"
          showIcon
          message={M.listLoadFailed}
          data-testid="shares-error"
          action={
            <Button size="small" onClick={() => void reload()} data-testid="shares-retry">
              {M.listRetry}
            </Button>
          }
        />
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.listEmpty} data-testid="shares-empty" />
      )}
      {load.state === 'ready' && load.items.length > 0 && (
        <ul className={styles.list}>
          {load.items.map((item) => (
            <ShareRow key={item.token} item={item} onRevoke={revoke} />
          ))}
        </ul>
      )}
    </div>
  );
}
