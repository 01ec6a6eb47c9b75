import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { isNavActive, MOBILE_TABS } from '../nav';
import styles from './mobile-menu.module.css';

/**
 * The mobile header menu (docs/product/shell-and-navigation.md §2): one horizontally scrolling row of tabs
 * under the header, each opening its page; 'new' badges on 智能体, 数据分析 and AI应用.
 */
export function MobileTabMenu() {
  const { pathname } = useLocation();
  const rowRef = useRef<HTMLElement>(null);
  // isNavActive matches '/' only on the home page itself, so at most one tab of a page is found first.
  const activeKey = MOBILE_TABS.find((t) => isNavActive(t.to, pathname))?.key;

  // Bring the current tab into view when the page changes (tabs past the screen edge).
  useEffect(() => {
    const el = rowRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [activeKey]);

  return (
    <nav ref={rowRef} className={styles.row} aria-label="功能菜单" data-testid="mobile-tab-menu">
      {MOBILE_TABS.map((t) => {
        const active = t.key === activeKey;
        return (
          <Link key={t.key} to={t.to} className={`${styles.tab} ${active ? styles.active : ''}`} aria-current={active ? 'page' : undefined}>
            {t.label}
            {t.isNew && <span className={styles.newBadge}>new</span>}
          </Link>
        );
      })}
    </nav>
  );
}
