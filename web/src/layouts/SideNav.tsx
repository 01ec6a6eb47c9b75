import { Link, useLocation } from 'react-router';
import { isNavActive, SIDE_NAV } from './nav';
import styles from './shell.module.css';

/** The slim left sidebar of the desktop shell. */
export function SideNav() {
  const { pathname } = useLocation();
  return (
    <aside className={styles.sidebar} aria-label="功能导航">
      {SIDE_NAV.map(({ key, label, to, icon: Icon }) => {
        const active = isNavActive(to, pathname);
        return (
          <Link
            key={key}
            to={to}
            className={`${styles.sideItem} ${active ? styles.sideItemActive : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <Icon />
            <span>{label}</span>
          </Link>
        );
      })}
    </aside>
  );
}
