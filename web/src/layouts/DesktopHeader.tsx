import { HeaderLinks, PointsBadge } from './header/HeaderLinks';
import { SearchBox } from './header/SearchBox';
import { Logo } from './Logo';
import { TopNav } from './TopNav';
import { UserEntry } from './UserEntry';
import styles from './shell.module.css';

/**
 * Desktop header: logo, top navigation, global search, update/download links, points and
 * membership badges, avatar popover (docs/product/shell-and-navigation.md §2).
 */
export function DesktopHeader() {
  return (
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
  );
}
