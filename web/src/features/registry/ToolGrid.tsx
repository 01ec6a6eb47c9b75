import { Tag } from 'antd';
import { Link } from 'react-router';
import type { GalleryItem } from './gallery';
import { T } from './texts';
import styles from './registry.module.css';

type CardItem = Pick<GalleryItem, 'id' | 'title' | 'description' | 'icon' | 'path' | 'kind'>;

/** One tool: a link to its page, or a greyed 即将上线 card when its route is still pending. */
export function ToolCard({ item, to }: { item: CardItem; to?: string }) {
  const body = (
    <>
      <span className={styles.icon} aria-hidden>
        {item.icon}
      </span>
      <span className={styles.cardBody}>
        <span className={styles.cardTitle}>
          {item.title}
          {item.kind === 'pending' && <Tag style={{ marginInlineEnd: 0 }}>{T.comingSoon}</Tag>}
        </span>
        {item.description && <span className={styles.cardDesc}>{item.description}</span>}
      </span>
    </>
  );
  if (item.kind === 'pending') {
    return (
      <div className={`${styles.card} ${styles.cardPending}`} data-testid="tool-card" data-pending="1" aria-disabled>
        {body}
      </div>
    );
  }
  return (
    <Link className={styles.card} to={to ?? item.path} data-testid="tool-card">
      {body}
    </Link>
  );
}

export function ToolGrid({ items, linkOf }: { items: readonly CardItem[]; linkOf?: (item: CardItem) => string }) {
  return (
    <div className={styles.grid}>
      {items.map((i) => (
        <ToolCard key={i.id} item={i} to={linkOf?.(i)} />
      ))}
    </div>
  );
}
