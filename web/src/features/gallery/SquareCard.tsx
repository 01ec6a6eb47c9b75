import { Button } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { ImgPublished } from '@wanxiang/contract';
import { T } from './texts';
import styles from './gallery.module.css';

/** The like toggle of a card and of the detail: a heart with the count; pressed when the reader liked it. */
export function LikeButton({ card, onLike, size = 'small' }: { card: Pick<ImgPublished, 'liked' | 'likes'>; onLike: () => void; size?: 'small' | 'middle' }) {
  return (
    <Button
      type="text"
      size={size}
      className={`${styles.likeButton}${card.liked ? ` ${styles.liked}` : ''}`}
      icon={card.liked ? <HeartFilled /> : <HeartOutlined />}
      aria-pressed={card.liked}
      aria-label={`${card.liked ? T.unlike : T.like}（${card.likes}）`}
      data-testid="square-like"
      onClick={(e) => {
        e.stopPropagation();
        onLike();
      }}
    >
      {card.likes}
    </Button>
  );
}

/** One published picture on the square: its thumbnail (the public route), title, author and likes. */
export function SquareCard({ card, onOpen, onLike }: { card: ImgPublished; onOpen: () => void; onLike: () => void }) {
  return (
    <div className={styles.card} data-testid="square-card" data-id={card.id}>
      <button type="button" className={styles.thumb} onClick={onOpen} aria-label={`${T.openImage}：${card.title}`}>
        <img src={card.thumbUrl} alt={card.title} loading="lazy" />
        {card.mine && <span className={styles.thumbBadge}>{T.mineTag}</span>}
      </button>
      <div className={styles.cardBody}>
        <div className={styles.cardTitle} title={card.title}>
          {card.title}
        </div>
        <div className={styles.cardMeta}>
          <span className={styles.author} title={card.author}>
            {card.author} · {card.toolTitle}
          </span>
          <LikeButton card={card} onLike={onLike} />
        </div>
      </div>
    </div>
  );
}
