import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Logo } from './Logo';
import { MobileDrawerNav } from './sidebar/MobileDrawerNav';
import { UserEntry } from './UserEntry';
import styles from './shell.module.css';

/** Mobile header: menu button, logo, login or avatar with VIP mark (docs/product/shell-and-navigation.md §2). */
export function MobileHeader({ onMenu }: { onMenu: () => void }) {
  return (
    <header className={`${styles.header} ${styles.mobileHeader}`}>
      <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={onMenu} />
      <Logo compact />
      <div className={styles.headerSpacer} />
      <UserEntry compact />
    </header>
  );
}

/** The mobile left drawer (60vw, docs/product/shell-and-navigation.md §9). */
export function MobileNavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size="60vw"
      title={<Logo compact />}
      closable={false}
      styles={{ body: { padding: '8px 10px' } }}
    >
      <MobileDrawerNav onNavigate={onClose} />
    </Drawer>
  );
}
