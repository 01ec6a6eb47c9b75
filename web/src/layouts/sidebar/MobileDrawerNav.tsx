import { Link, useLocation } from 'react-router';
import { isNavActive, SIDE_NAV } from '../nav';
import styles from '../shell.module.css';

/** Content of the mobile left drawer (60vw); the sidebar area replaces it with the full catalogue. */
export function MobileDrawerNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav className={styles.drawerList} aria-label="菜单">
      {SIDE_NAV.map(({ key, label, to, icon: Icon }) => (
        <Link
          key={key}
          to={to}
          onClick={onNavigate}
          className={`${styles.drawerItem} ${isNavActive(to, pathname) ? styles.drawerItemActive : ''}`}
        >
          <Icon />
          {label}
        </Link>
      ))}
    </nav>
  );
}
