import { Popover } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { MSG, type SidebarGroup } from '@wanxiang/contract';
import { useRedDot } from '../../hooks/useRedDot';
import { GroupPopover } from './GroupPopover';
import { SidebarIcon } from './icons';
import { groupDotKey, isItemActive } from './match';
import { SubItemLink } from './SubItemLink';
import styles from './sidebar.module.css';

/**
 * One group of the desktop sidebar: icon, label and 'new' dot; hovering shows its sub-items in a
 * popover; pinned open, the sub-items also list below it. A group without a path (其他) opens
 * and closes its list on click.
 */
export function SidebarGroupItem({
  group,
  active,
  collapsed,
  pinned,
  onTogglePin,
  intervalMs,
}: {
  group: SidebarGroup;
  active: boolean;
  collapsed: boolean;
  pinned: boolean;
  onTogglePin: () => void;
  intervalMs: number;
}) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [dot, markRead] = useRedDot(group.dot ? groupDotKey(group) : undefined, group.dot?.version);
  const hasSub = group.children.length > 0 || (group.carousel?.length ?? 0) > 0;
  const inline = pinned && !collapsed && group.children.length > 0;
  const className = `${styles.item} ${active ? styles.itemActive : ''}`;

  const inner = (
    <>
      <span className={styles.itemIcon}>
        <SidebarIcon name={group.icon} />
        {dot && collapsed && <span className={`${styles.dot} ${styles.dotOnIcon}`} data-testid="sidebar-dot" aria-label={MSG.sidebarNew} />}
      </span>
      {!collapsed && <span className={styles.itemLabel}>{group.label}</span>}
      {dot && !collapsed && <span className={styles.dot} data-testid="sidebar-dot" aria-label={MSG.sidebarNew} />}
      {!collapsed && group.children.length > 0 && (
        <span
          role="button"
          tabIndex={-1}
          aria-label={pinned ? MSG.sidebarUnpin : MSG.sidebarPin}
          className={`${styles.caret} ${pinned ? styles.caretOpen : ''}`}
          onClick={(e) => {
            // The caret pins the list without following the group's link.
            e.preventDefault();
            e.stopPropagation();
            onTogglePin();
          }}
        >
          <DownOutlined />
        </span>
      )}
    </>
  );

  const row = group.path ? (
    <Link
      to={group.path}
      className={className}
      aria-current={active ? 'page' : undefined}
      onClick={markRead}
      data-testid={`sidebar-group-${group.key}`}
      aria-label={collapsed ? group.label : undefined}
    >
      {inner}
    </Link>
  ) : (
    <button
      type="button"
      className={className}
      onClick={() => {
        markRead();
        if (collapsed && group.children[0]) navigate(group.children[0].path);
        else onTogglePin();
      }}
      data-testid={`sidebar-group-${group.key}`}
      aria-expanded={pinned}
      aria-label={collapsed ? group.label : undefined}
    >
      {inner}
    </button>
  );

  return (
    <div className={styles.groupWrap}>
      {hasSub && !inline ? (
        <Popover
          placement="rightTop"
          arrow={false}
          mouseEnterDelay={0.12}
          content={<GroupPopover group={group} pinned={pinned} onTogglePin={collapsed ? undefined : onTogglePin} intervalMs={intervalMs} />}
          classNames={{ root: styles.popoverRoot }}
        >
          {row}
        </Popover>
      ) : collapsed ? (
        <Popover placement="right" arrow={false} content={group.label} mouseEnterDelay={0.12}>
          {row}
        </Popover>
      ) : (
        row
      )}
      {inline && (
        <div className={styles.inlineList}>
          {group.children.map((c) => (
            <SubItemLink key={c.key} group={group} child={c} active={isItemActive(c.path, pathname, search)} />
          ))}
        </div>
      )}
    </div>
  );
}
