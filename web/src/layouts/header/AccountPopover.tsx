import { Button } from 'antd';
import {
  BarChartOutlined,
  CalendarOutlined,
  ContactsOutlined,
  CrownOutlined,
  FileProtectOutlined,
  GiftOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  SettingOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { MSG, type UserInfo } from '@wanxiang/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../../app-events';
import { feedback } from '../../components/feedback/holder';
import { displayName, isMember, membershipLabel, secondaryLine, vipExpiryText } from '../../features/account/user-display';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { ThemeSwitch } from './ThemeSwitch';
import { UserAvatar } from './UserAvatar';
import styles from '../shell.module.css';

/** The data board and sign-in need a session: without one they open the login dialog instead (docs/product/shell-and-navigation.md §2). */
export function openWithLogin(name: 'usage' | 'signin'): void {
  if (!useUserStore.getState().token) {
    openLoginDialog();
    return;
  }
  useDialogs.getState().open(name);
}

function Item({ to, icon, children, onClose }: { to: string; icon: ReactNode; children: ReactNode; onClose: () => void }) {
  return (
    <Link className={styles.popoverLink} to={to} onClick={onClose}>
      {icon} {children}
    </Link>
  );
}

/**
 * The avatar popover of docs/product/shell-and-navigation.md §2: data board, daily sign-in, membership status with 续费/开通,
 * the account pages, 30% cashback (desktop only), about, contact, policy, and log out with confirm.
 */
export function AccountPopover({ user, onClose, desktop }: { user: UserInfo; onClose: () => void; desktop: boolean }) {
  const logout = useUserStore((s) => s.logout);
  const confirmLogout = () => {
    onClose();
    feedback().confirm({
      title: MSG.logoutConfirmTitle,
      content: MSG.logoutConfirm,
      onOk: () => {
        logout();
        feedback().success(MSG.logoutSuccess);
        // Shell 4 "Session": logging out opens the login dialog.
        openLoginDialog();
      },
    });
  };
  const open = (name: 'usage' | 'signin') => {
    onClose();
    openWithLogin(name);
  };
  const member = isMember(user);
  const expiry = vipExpiryText(user);
  return (
    <div className={styles.popover} data-testid="account-popover">
      <div className={styles.popoverHead}>
        <UserAvatar user={user} size={46} />
        <div style={{ minWidth: 0 }}>
          <div className={styles.popoverName}>{displayName(user)}</div>
          <div className={styles.popoverPhone}>{secondaryLine(user)}</div>
        </div>
      </div>
      <div className={styles.popoverQuick}>
        <button type="button" className={styles.popoverQuickItem} onClick={() => open('usage')}>
          <BarChartOutlined /> 数据看板
        </button>
        <button type="button" className={styles.popoverQuickItem} onClick={() => open('signin')}>
          <CalendarOutlined /> 每日签到
        </button>
      </div>
      <div className={styles.popoverVip}>
        <div className={styles.popoverVipRow}>
          <span>
            <CrownOutlined /> {membershipLabel(user)}
          </span>
          <Link to="/console/vip" onClick={onClose}>
            <Button size="small" shape="round" style={{ background: '#f7e3b0', border: 0, color: '#4a3200' }}>
              {member ? '续费' : '开通'}
            </Button>
          </Link>
        </div>
        <div className={styles.popoverVipHint}>{expiry || '60+ 模型 · 100+ 绘画媒体 · 1000+ 工具'}</div>
      </div>
      <ThemeSwitch />
      <div className={styles.popoverLinks}>
        <Item to="/console" icon={<UserOutlined />} onClose={onClose}>
          个人中心
        </Item>
        <Item to="/console/vip" icon={<CrownOutlined />} onClose={onClose}>
          会员中心
        </Item>
        <Item to="/console/pointslog" icon={<UnorderedListOutlined />} onClose={onClose}>
          积分明细
        </Item>
        {desktop && (
          <Item to="/console/invite" icon={<GiftOutlined />} onClose={onClose}>
            邀请好友 30%返现
          </Item>
        )}
        <Item to="/helpfor/about" icon={<InfoCircleOutlined />} onClose={onClose}>
          关于我们
        </Item>
        <Item to="/helpfor/intriguing" icon={<ContactsOutlined />} onClose={onClose}>
          联系我们
        </Item>
        <Item to="/console/agreement/user" icon={<FileProtectOutlined />} onClose={onClose}>
          政策协议
        </Item>
        {user.role === 'admin' && (
          <Item to="/admin" icon={<SettingOutlined />} onClose={onClose}>
            管理后台
          </Item>
        )}
        <button type="button" className={`${styles.popoverLink} ${styles.popoverLogout}`} onClick={confirmLogout}>
          <LogoutOutlined /> 退出登录
        </button>
      </div>
    </div>
  );
}
