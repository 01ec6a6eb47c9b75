import type { ReactNode } from 'react';
import { HeaderLinks, PointsBadge } from './header/HeaderLinks';
import { SearchBox } from './header/SearchBox';
import { Logo } from './Logo';
import { SideNav } from './SideNav';
import { TopNav } from './TopNav';
import { UserEntry } from './UserEntry';
import { TopPoster } from '../features/promos/TopPoster';
import { WindowHeader } from '../features/desktop-client/WindowHeader';
import styles from './shell.module.css';

/**
 * Desktop: header (logo, top navigation, global search, update/download links, points and
 * membership badges, avatar popover), slim sidebar, scrolling page area (docs/product/shell-and-navigation.md §2).
 */
export function DesktopShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <WindowHeader />
      <TopPoster />
      <header className={styles.header}>
        <Logo />
        <TopNav />
        <div className={styles.headerSpacer} />
        <div className={styles.desktopHeaderSearch}>
          <SearchBox />
        </div>
        <div className={styles.headerActions}>
          <HeaderLinks />
          <PointsBadge />
          <UserEntry />
        </div>
      </header>
      <div className={styles.body}>
        <SideNav />
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
