import { Fragment, useCallback, useRef, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { BannerCarousel } from './sidebar/BannerCarousel';
import { activeGroupKey } from './sidebar/match';
import { SidebarGroupItem } from './sidebar/SidebarGroupItem';
import { useFitToWindow } from './sidebar/useFitToWindow';
import { useSidebarCatalog, visibleGroups } from './sidebar/useSidebarCatalog';
import styles from './sidebar/sidebar.module.css';

/** Collapsed-to-icons preference, kept per browser. */
const COLLAPSED_KEY = 'wx_sidebar_collapsed';
const PINNED_KEY = 'wx_sidebar_pinned';

function readFlag<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}
function writeFlag(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode: the preference lasts for this page.
  }
}

/**
 * The desktop left sidebar (docs/product/shell-and-navigation.md §2): the catalogue's groups with section
 * dividers, hover popovers, 'new' dots, the promo carousel at the bottom, collapsible to icons.
 * It scrolls on its own when taller than the window.
 */
export function SideNav() {
  const { pathname } = useLocation();
  const { data, failed, retry } = useSidebarCatalog();
  const asideRef = useRef<HTMLElement>(null);
  useFitToWindow(asideRef);
  const [collapsed, setCollapsed] = useState(() => readFlag(COLLAPSED_KEY, false));
  const [pinned, setPinned] = useState<string[]>(() => readFlag<string[]>(PINNED_KEY, []));

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      writeFlag(COLLAPSED_KEY, !c);
      return !c;
    });
  };
  const togglePin = useCallback((key: string) => {
    setPinned((list) => {
      const next = list.includes(key) ? list.filter((k) => k !== key) : [...list, key];
      writeFlag(PINNED_KEY, next);
      return next;
    });
  }, []);

  const groups = data ? visibleGroups(data.groups) : [];
  const activeKey = activeGroupKey(groups, pathname);

  return (
    <aside ref={asideRef} className={`${styles.sidebar} ${collapsed ? styles.collapsed : ''}`} aria-label="功能导航" data-testid="sidebar">
      <nav className={styles.scroll}>
        {!data && !failed && <Skeleton active paragraph={{ rows: 8 }} title={false} className={styles.skeleton} />}
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
            {g.section &&
              (collapsed ? (
                <div className={styles.dividerLine} role="separator" aria-label={g.section} />
              ) : (
                <div className={styles.divider} role="separator" data-testid="sidebar-divider">
                  {g.section}
                </div>
              ))}
            <SidebarGroupItem
              group={g}
              active={g.key === activeKey}
              collapsed={collapsed}
              pinned={pinned.includes(g.key)}
              onTogglePin={() => togglePin(g.key)}
              intervalMs={data!.carouselIntervalMs}
            />
          </Fragment>
        ))}
      </nav>
      {data && !collapsed && <BannerCarousel slides={data.banners} intervalMs={data.carouselIntervalMs} />}
      <button type="button" className={styles.collapseToggle} onClick={toggleCollapsed} data-testid="sidebar-collapse">
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        {!collapsed && <span>{MSG.sidebarCollapse}</span>}
        {collapsed && <span className={styles.srOnly}>{MSG.sidebarExpand}</span>}
      </button>
    </aside>
  );
}
