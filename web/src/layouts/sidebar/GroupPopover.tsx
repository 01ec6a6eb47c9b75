import { Button } from 'antd';
import { PushpinOutlined, UpOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { MSG, type SidebarGroup } from '@wanxiang/contract';
import { BannerCarousel, groupSlides } from './BannerCarousel';
import { isItemActive } from './match';
import { SubItemLink } from './SubItemLink';
import styles from './sidebar.module.css';

/** Hover card of a group: its sub-items, its optional carousel, and the pin/collapse toggle. */
export function GroupPopover({
  group,
  pinned,
  onTogglePin,
  intervalMs,
  onNavigate,
}: {
  group: SidebarGroup;
  pinned: boolean;
  onTogglePin?: () => void;
  intervalMs: number;
  onNavigate?: () => void;
}) {
  const { pathname, search } = useLocation();
  return (
    <div className={styles.popover} data-testid={`sidebar-popover-${group.key}`}>
      <div className={styles.popoverHead}>
        <span className={styles.popoverTitle}>{group.label}</span>
        {onTogglePin && group.children.length > 0 && (
          <Button size="small" type="text" icon={pinned ? <UpOutlined /> : <PushpinOutlined />} onClick={onTogglePin}>
            {pinned ? MSG.sidebarUnpin : MSG.sidebarPin}
          </Button>
        )}
      </div>
      {group.children.length > 0 && (
        <div className={styles.popoverGrid}>
          {group.children.map((c) => (
            <SubItemLink key={c.key} group={group} child={c} active={isItemActive(c.path, pathname, search)} onNavigate={onNavigate} />
          ))}
        </div>
      )}
      <BannerCarousel
        slides={groupSlides(group.carousel)}
        intervalMs={intervalMs}
        onNavigate={onNavigate}
        testId={`sidebar-carousel-${group.key}`}
        small
      />
    </div>
  );
}
