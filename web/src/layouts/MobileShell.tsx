import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from './Logo';
import { isNavActive, SIDE_NAV, TOP_NAV } from './nav';
import { UserEntry } from './UserEntry';
import styles from './shell.module.css';

/** Mobile: compact header with a menu button opening a left drawer (60vw, shell 9). */
export function MobileShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  // Top-navigation targets not already in the main entries.
  const more = TOP_NAV.filter((t) => !SIDE_NAV.some((s) => s.to === t.to));
  return (
    <div className={styles.shell}>
      <header className={`${styles.header} ${styles.mobileHeader}`}>
        <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setOpen(true)} />
        <Logo compact />
        <div className={styles.headerSpacer} />
        <UserEntry compact />
      </header>
      <main className={styles.main}>{children}</main>
      <Drawer
        open={open}
        onClose={close}
        placement="left"
        size="60vw"
        title={<Logo compact />}
        closable={false}
        styles={{ body: { padding: '8px 10px' } }}
      >
        <nav className={styles.drawerList} aria-label="菜单">
          {SIDE_NAV.map(({ key, label, to, icon: Icon }) => (
            <Link
              key={key}
              to={to}
              onClick={close}
              className={`${styles.drawerItem} ${isNavActive(to, pathname) ? styles.drawerItemActive : ''}`}
            >
              <Icon />
              {label}
            </Link>
          ))}
          <div className={styles.drawerSection}>更多</div>
          {more.map((item) => (
            <Link key={item.key} to={item.to} onClick={close} className={styles.drawerItem}>
              {item.label}
              {item.badge && <span className={styles.navBadge}>{item.badge}</span>}
            </Link>
          ))}
        </nav>
      </Drawer>
    </div>
  );
}
