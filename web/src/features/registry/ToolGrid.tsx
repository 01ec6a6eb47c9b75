import { Tag } from 'antd';
import { Link } from 'react-router';
import { MSG, toolById } from '@wanxiang/contract';
import { useToolSettings } from '../../stores/tool-settings';
import { useToolSettingsRefresh } from '../../tools/useToolSpec';
import type { GalleryItem } from './gallery';
import { T } from './texts';
import styles from './registry.module.css';

type CardItem = Pick<GalleryItem, 'id' | 'title' | 'description' | 'icon' | 'path' | 'kind'>;

/**
 * One tool: a link to its page with its points price in force, a greyed 即将上线 card when its route is still
 * pending, or a greyed 已暂停 card (no link) when the operator switched it off in the console. The settings come from
 * the shared tool-settings store the tool pages read (the grid refreshes it once), never from a request per card.
 */
export function ToolCard({ item, to }: { item: CardItem; to?: string }) {
  const settings = useToolSettings((s) => s.tools[item.id]);
  const pending = item.kind === 'pending';
  const paused = !pending && settings?.enabled === false;
  const points = pending ? 0 : (settings?.points ?? toolById(item.id)?.points ?? 0);
  const body = (
    <>
      <span className={styles.icon} aria-hidden>
        {item.icon}
      </span>
      <span className={styles.cardBody}>
        <span className={styles.cardTitle}>
          {item.title}
          {pending && <Tag style={{ marginInlineEnd: 0 }}>{T.comingSoon}</Tag>}
          {paused && (
            <Tag style={{ marginInlineEnd: 0 }} data-testid="tool-card-paused">
              {MSG.toolCardPaused}
            </Tag>
          )}
          {!paused && points > 0 && (
            <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid="tool-card-points">
              {MSG.toolCardPoints(points)}
            </Tag>
          )}
        </span>
        {item.description && <span className={styles.cardDesc}>{item.description}</span>}
      </span>
    </>
  );
  if (pending || paused) {
    return (
      <div
        className={`${styles.card} ${styles.cardPending}`}
        data-testid="tool-card"
        data-pending={pending ? '1' : undefined}
        data-disabled={paused ? '1' : undefined}
        title={paused ? MSG.toolDisabled : undefined}
        aria-disabled
      >
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
  useToolSettingsRefresh();
  return (
    <div className={styles.grid}>
      {items.map((i) => (
        <ToolCard key={i.id} item={i} to={linkOf?.(i)} />
      ))}
    </div>
  );
}
