import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SideNav } from './SideNav';
import { TopNav } from './TopNav';
import { UserEntry } from './UserEntry';
import { TopPoster } from '../features/promos/TopPoster';
import { WindowHeader } from '../features/desktop-client/WindowHeader';
import styles from './shell.module.css';

/** Desktop: header (logo, top navigation, account), slim sidebar, scrolling page area. */
export function DesktopShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <WindowHeader />
      <TopPoster />
      <header className={styles.header}>
        <Logo />
        <TopNav />
        <div className={styles.headerSpacer} />
        <div className={styles.headerActions}>
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
