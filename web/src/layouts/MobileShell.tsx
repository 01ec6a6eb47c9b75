import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Logo } from './Logo';
import { MobileTabMenu } from './mobile-menu/MobileTabMenu';
import { MobileDrawerNav } from './sidebar/MobileDrawerNav';
import { UserEntry } from './UserEntry';
import { TopPoster } from '../features/promos/TopPoster';
import { WindowHeader } from '../features/desktop-client/WindowHeader';
import styles from './shell.module.css';

/**
 * Mobile: compact header (menu button, logo, login or avatar with VIP mark), the scrolling tab
 * menu of docs/product/shell-and-navigation.md §2 under it, and a left drawer (60vw, docs/product/shell-and-navigation.md §9).
 */
export function MobileShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className={styles.shell}>
      <WindowHeader />
      <TopPoster />
      <header className={`${styles.header} ${styles.mobileHeader}`}>
        <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setOpen(true)} />
        <Logo compact />
        <div className={styles.headerSpacer} />
        <UserEntry compact />
      </header>
      <MobileTabMenu />
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
        <MobileDrawerNav onNavigate={close} />
      </Drawer>
    </div>
  );
}
