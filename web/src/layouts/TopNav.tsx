import { Link, useLocation } from 'react-router';
import { useRedDot } from '../hooks/useRedDot';
import { isNavActive, TOP_NAV, type NavItem } from './nav';
import styles from './shell.module.css';

function TopNavLink({ item, active }: { item: NavItem; active: boolean }) {
  const [dot, markRead] = useRedDot(item.dotKey);
  return (
    <Link
      to={item.to}
      onClick={markRead}
      className={`${styles.topNavItem} ${active ? styles.topNavItemActive : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {item.label}
      {item.badge && (
        <span className={styles.navBadge}>
          {item.badge}
          {dot && <span className={styles.redDot} data-testid="nav-red-dot" />}
        </span>
      )}
    </Link>
  );
}

/** The top navigation of docs/product/shell-and-navigation.md §2. */
export function TopNav() {
  const { pathname } = useLocation();
  return (
    <nav className={styles.topNav} aria-label="主导航">
      {TOP_NAV.map((item) => (
        <TopNavLink key={item.key} item={item} active={isNavActive(item.to, pathname)} />
      ))}
    </nav>
  );
}
