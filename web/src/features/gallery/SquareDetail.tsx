import { useEffect, useState } from 'react';
import { App, Button, Modal, Popconfirm, Result, Spin, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ImgPublished, ImgPublishedInfo } from '@wanxiang/contract';
import { fetchPublishInfo, likePublished, unpublish } from '../../api/img-gallery';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { ReportModal } from './ReportModal';
import { LikeButton } from './SquareCard';
import { T } from './texts';
import styles from './gallery.module.css';

export interface SquareDetailProps {
  id: number;
  /** The card as the list holds it (its like state is the list's, so both show the same). */
  card?: ImgPublished;
  mobile: boolean;
  onLike: (card: ImgPublished) => void;
  /** Taken down by its author here: the list drops it. */
  onGone: (id: number) => void;
  onClose: () => void;
}

/** A published picture big, with its prompt, like, report and 做同款 (the tool's form prefilled from the prompt). */
export function SquareDetail({ id, card, mobile, onLike, onGone, onClose }: SquareDetailProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [info, setInfo] = useState<ImgPublishedInfo | null>(null);
  const [error, setError] = useState('');
  const [reporting, setReporting] = useState(false);

  useEffect(() => {
    let live = true;
    fetchPublishInfo(id)
      .then((r) => live && setInfo(r))
      .catch((err: unknown) => live && setError(err instanceof RequestError && err.msg ? err.msg : T.detailLoadFailed));
    return () => {
      live = false;
    };
  }, [id]);

  // The list's like state wins over the fetched one: a like clicked here updates the list.
  const shown = info ? { ...info, ...(card ? { liked: card.liked, likes: card.likes } : {}) } : null;

  // Opened from a link, the card may not be in the list: the like is then this dialog's own.
  const like = async () => {
    if (card) return onLike(card);
    if (!loggedIn) {
      void message.info(T.likeNeedsLogin);
      return openLoginDialog();
    }
    try {
      const r = await likePublished(id);
      setInfo((i) => (i ? { ...i, ...r } : i));
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : T.likeFailed);
    }
  };

  const takeDown = async () => {
    try {
      await unpublish(id);
      void message.success(T.takenDown);
      onGone(id);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : T.detailLoadFailed);
    }
  };

  return (
    <Modal open onCancel={onClose} footer={null} width={mobile ? '100%' : 'min(92vw, 1040px)'} centered title={shown?.title ?? ' '} destroyOnHidden>
      {error ? (
        <Result status="warning" title={error} />
      ) : !shown ? (
        <div className={styles.state}>
          <Spin />
        </div>
      ) : (
        <div className={`${styles.detail}${mobile ? ` ${styles.detailMobile}` : ''}`} data-testid="square-detail" data-id={shown.id}>
          <div className={styles.detailImage}>
            <img src={shown.url} alt={shown.title} />
          </div>
          <div className={styles.detailSide}>
            <div>
              <Tag>{shown.toolTitle}</Tag>
              {shown.mine && <Tag color="blue">{T.mineTag}</Tag>}
            </div>
            <div className={styles.cardMeta}>
              <span className={styles.author}>{T.byAuthor(shown.author)}</span>
              <span>{new Date(shown.created_at).toLocaleDateString('zh-CN')}</span>
            </div>
            <div className={styles.label}>{T.prompt}</div>
            <div className={styles.detailPrompt} data-testid="square-detail-prompt">
              {shown.prompt || T.noPrompt}
            </div>
            <div className={styles.actions}>
              <LikeButton card={shown} size="middle" onLike={() => void like()} />
              <Button
                type="primary"
                icon={<EditOutlined />}
                disabled={!shown.reusePath}
                title={shown.reusePath ? undefined : T.sameStyleUnavailable}
                data-testid="square-same"
                onClick={() => navigate(shown.reusePath)}
              >
                {T.sameStyle}
              </Button>
              {!shown.mine && (
                <Button
                  icon={<WarningOutlined />}
                  data-testid="square-report"
                  onClick={() => {
                    if (!loggedIn) {
                      void message.info(T.reportNeedsLogin);
                      return openLoginDialog();
                    }
                    setReporting(true);
                  }}
                >
                  {T.report}
                </Button>
              )}
              {shown.mine && (
                <Popconfirm title={T.takeDownConfirm} okText="撤下" cancelText="取消" onConfirm={() => void takeDown()}>
                  <Button danger icon={<DeleteOutlined />} data-testid="square-take-down">
                    {T.takeDown}
                  </Button>
                </Popconfirm>
              )}
            </div>
          </div>
        </div>
      )}
      {reporting && shown && <ReportModal id={shown.id} title={shown.title} onClose={() => setReporting(false)} />}
    </Modal>
  );
}
