import { useState } from 'react';
import { App, Button, Modal, Popconfirm, Spin, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { MSG, type ImgCreation, type ImgImage } from '@wanxiang/contract';
import { apiUrl } from '../../api/request';
import { saveBlob } from '../../api/save-file';
import { fetchProtectedFile } from '../../api/tools';
import { PublishToSquare } from '../../tools/PublishToSquare';
import { useProtectedUrl } from '../../tools/useProtectedUrl';
import { T } from './texts';
import styles from './gallery.module.css';

export interface CreationActions {
  onReuse: () => void;
  onDelete: () => Promise<void>;
  onPublished: (id: number) => void;
  onViewOnSquare: (id: number) => void;
}

const dayText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
};

/** Every picture of the creation, one download each (the owner-only files route, AI labels kept). */
async function downloadAll(images: readonly ImgImage[], name: string): Promise<void> {
  for (const [i, img] of images.entries()) {
    const got = await fetchProtectedFile(apiUrl(img.url, { download: 1 }), `${name}-${i + 1}.png`);
    saveBlob(got.blob, got.name);
  }
}

/**
 * One of the user's creations: its picture (owner-only, fetched with the session), what made it, and what can be done with
 * it. A published picture an operator took off the square says so with the reason (sent to its author only), and offers
 * no link to the square it left.
 */
export function CreationCard({ item, actions }: { item: ImgCreation; actions: CreationActions }) {
  const { message } = App.useApp();
  const first = item.images[0];
  const thumb = useProtectedUrl(first ? (first.thumbUrl ?? first.url) : undefined);
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAll(item.images, item.toolTitle);
    } catch {
      void message.error(T.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.card} data-testid="creation-card" data-task={item.task_id}>
      <button type="button" className={styles.thumb} onClick={() => setOpen(true)} aria-label={`${T.openImage}：${item.toolTitle}`} disabled={!first}>
        {thumb.src ? <img src={thumb.src} alt={item.prompt || item.toolTitle} /> : thumb.failed || !first ? <PictureOutlined /> : <Spin size="small" />}
        {item.images.length > 1 && <span className={styles.thumbBadge}>{T.imageCount(item.images.length)}</span>}
      </button>
      <div className={styles.cardBody}>
        <div className={styles.cardMeta}>
          <Tag style={{ marginInlineEnd: 0 }}>{item.toolTitle}</Tag>
          {item.takedownReason !== null ? (
            <Tag color="red" data-testid="creation-taken-down">
              {MSG.imgTakenDown}
            </Tag>
          ) : (
            item.publishedId !== null && <Tag color="green">{T.published}</Tag>
          )}
        </div>
        {item.takedownReason !== null && (
          <div className={styles.takedownReason} data-testid="creation-takedown-reason">
            {MSG.imgTakedownReason(item.takedownReason)}
          </div>
        )}
        <div className={styles.prompt} title={item.prompt}>
          {item.prompt || T.noPrompt}
        </div>
        <div className={styles.cardMeta}>{dayText(item.createdAt)}</div>
        <div className={styles.actions}>
          <Button size="small" icon={<DownloadOutlined />} loading={downloading} disabled={!first} onClick={() => void download()} data-testid="creation-download">
            {T.download}
          </Button>
          <Button size="small" icon={<EditOutlined />} disabled={!item.reusePath} onClick={actions.onReuse} data-testid="creation-reuse">
            {T.reuse}
          </Button>
          {item.takedownReason !== null ? null : item.publishedId !== null ? (
            <Button size="small" icon={<EyeOutlined />} onClick={() => actions.onViewOnSquare(item.publishedId!)} data-testid="creation-view-square">
              {T.viewOnSquare}
            </Button>
          ) : (
            first && <PublishToSquare taskId={item.task_id} prompt={item.prompt} onPublished={(p) => actions.onPublished(p.id)} />
          )}
          <Popconfirm
            title={T.deleteConfirm}
            okText={T.delete}
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={async () => {
              setDeleting(true);
              await actions.onDelete();
              setDeleting(false);
            }}
          >
            <Button size="small" danger icon={<DeleteOutlined />} loading={deleting} data-testid="creation-delete">
              {T.delete}
            </Button>
          </Popconfirm>
        </div>
      </div>
      {open && first && <EnlargedCreation image={first} title={item.prompt || item.toolTitle} onClose={() => setOpen(false)} />}
    </div>
  );
}

function EnlargedCreation({ image, title, onClose }: { image: ImgImage; title: string; onClose: () => void }) {
  const full = useProtectedUrl(image.url);
  return (
    <Modal open onCancel={onClose} footer={null} width="min(92vw, 960px)" centered title={title}>
      <div className={styles.enlarged}>{full.src ? <img src={full.src} alt={title} /> : <Spin />}</div>
    </Modal>
  );
}
