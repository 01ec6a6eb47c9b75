import { Link } from 'react-router';
import type { SidebarChild, SidebarGroup } from '@wanxiang/contract';
import { useRedDot } from '../../hooks/useRedDot';
import { childDotKey } from './match';
import styles from './sidebar.module.css';

/** One sub-item of a group (popover, inline list or drawer): label, 'new' dot until clicked. */
export function SubItemLink({
  group,
  child,
  active,
  onNavigate,
}: {
  group: SidebarGroup;
  child: SidebarChild;
  active: boolean;
  onNavigate?: () => void;
}) {
  const [dot, markRead] = useRedDot(child.dot ? childDotKey(group, child.key) : undefined, child.dot?.version);
  return (
    <Link
      to={child.path}
      className={`${styles.subItem} ${active ? styles.subItemActive : ''}`}
      aria-current={active ? 'page' : undefined}
      data-testid={`sidebar-sub-${group.key}-${child.key}`}
      onClick={() => {
        markRead();
        onNavigate?.();
      }}
    >
      <span className={styles.subLabel}>{child.label}</span>
      {dot && <span className={styles.dot} data-testid="sidebar-dot" aria-label="新" />}
    </Link>
  );
}
