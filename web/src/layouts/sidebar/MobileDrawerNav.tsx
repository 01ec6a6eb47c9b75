import { Fragment, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { MSG, type SidebarGroup } from '@wanxiang/contract';
import { useRedDot } from '../../hooks/useRedDot';
import { BannerCarousel } from './BannerCarousel';
import { SidebarIcon } from './icons';
import { activeGroupKey, groupDotKey, isItemActive } from './match';
import { SubItemLink } from './SubItemLink';
import { useSidebarCatalog, visibleGroups } from './useSidebarCatalog';
import styles from './sidebar.module.css';

function DrawerGroup({
  group,
  active,
  open,
  onToggle,
  onNavigate,
}: {
  group: SidebarGroup;
  active: boolean;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const { pathname, search } = useLocation();
  const [dot, markRead] = useRedDot(group.dot ? groupDotKey(group) : undefined, group.dot?.version);
  const className = `${styles.item} ${styles.drawerItem} ${active ? styles.itemActive : ''}`;
  const body = (
    <>
      <span className={styles.itemIcon}>
        <SidebarIcon name={group.icon} />
      </span>
      <span className={styles.itemLabel}>{group.label}</span>
      {dot && <span className={styles.dot} data-testid="sidebar-dot" aria-label={MSG.sidebarNew} />}
    </>
  );

  if (group.children.length === 0) {
    return (
      <Link
        to={group.path ?? '/'}
        className={className}
        data-testid={`drawer-group-${group.key}`}
        onClick={() => {
          markRead();
          onNavigate();
        }}
      >
        {body}
      </Link>
    );
  }
  // The group's own page, when none of its sub-items is that page, leads the opened list.
  const ownFirst = group.path && !group.children.some((c) => c.path === group.path);
  return (
    <div>
      <button
        type="button"
        className={className}
        aria-expanded={open}
        data-testid={`drawer-group-${group.key}`}
        onClick={() => {
          markRead();
          onToggle();
        }}
      >
        {body}
        <span className={`${styles.caret} ${open ? styles.caretOpen : ''}`}>
          <DownOutlined />
        </span>
      </button>
      {open && (
        <div className={styles.inlineList}>
          {ownFirst && (
            <SubItemLink
              group={group}
              child={{ key: '__group', label: group.label, path: group.path! }}
              active={isItemActive(group.path!, pathname, search)}
              onNavigate={onNavigate}
            />
          )}
          {group.children.map((c) => (
            <SubItemLink key={c.key} group={group} child={c} active={isItemActive(c.path, pathname, search)} onNavigate={onNavigate} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The mobile drawer (60vw, docs/product/shell-and-navigation.md §9): the same catalogue as an accordion. Groups with sub-items
 * open and close; a click on a page navigates and closes the drawer (onNavigate).
 */
export function MobileDrawerNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { data, failed, retry } = useSidebarCatalog();
  const groups = data ? visibleGroups(data.groups) : [];
  const activeKey = activeGroupKey(groups, pathname);
  // The current page's group starts open, so the drawer shows where the user is.
  const [open, setOpen] = useState<string | null>(activeKey);

  return (
    <nav className={styles.drawer} aria-label="菜单" data-testid="drawer-nav">
      {!data && !failed && <Skeleton active paragraph={{ rows: 8 }} title={false} />}
      {failed && (
        <div className={styles.failed}>
          <span>{MSG.sidebarLoadFailed}</span>
          <Button size="small" onClick={retry}>
            {MSG.sidebarRetry}
          </Button>
        </div>
      )}
      {groups.map((g) => (
        <Fragment key={g.key}>
          {g.section && (
            <div className={styles.divider} role="separator">
              {g.section}
            </div>
          )}
          <DrawerGroup
            group={g}
            active={g.key === activeKey}
            open={open === g.key}
            onToggle={() => setOpen((k) => (k === g.key ? null : g.key))}
            onNavigate={onNavigate}
          />
        </Fragment>
      ))}
      {data && (
        <BannerCarousel slides={data.banners} intervalMs={data.carouselIntervalMs} onNavigate={onNavigate} testId="drawer-banners" />
      )}
    </nav>
  );
}
