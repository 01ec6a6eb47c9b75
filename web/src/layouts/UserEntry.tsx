import { Avatar, Button, Popover } from 'antd';
import { CrownOutlined, LogoutOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, type UserInfo } from '@wanxiang/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../app-events';
import { feedback } from '../components/feedback/holder';
import { avatarInitial, displayName, isMember, membershipLabel, secondaryLine, vipExpiryText } from '../features/account/user-display';
import { selectIsLoggedIn, selectUser, useUserStore } from '../stores/user';
import styles from './shell.module.css';

function UserAvatar({ user, size }: { user: UserInfo | null; size: number }) {
  const brand = { background: 'linear-gradient(135deg, #5b5bf6, #a855f7)' };
  if (user?.avatar) return <Avatar size={size} src={user.avatar} />;
  const initial = user ? avatarInitial(user) : '';
  return (
    <Avatar size={size} style={brand} icon={initial ? undefined : <UserOutlined />}>
      {initial || null}
    </Avatar>
  );
}

function PopoverBody({ user, onClose }: { user: UserInfo; onClose: () => void }) {
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
  const expiry = vipExpiryText(user);
  return (
    <div className={styles.popover}>
      <div className={styles.popoverHead}>
        <UserAvatar user={user} size={46} />
        <div style={{ minWidth: 0 }}>
          <div className={styles.popoverName}>{displayName(user)}</div>
          <div className={styles.popoverPhone}>{secondaryLine(user)}</div>
        </div>
      </div>
      <div className={styles.popoverVip}>
        <div className={styles.popoverVipRow}>
          <span>
            <CrownOutlined /> {membershipLabel(user)}
          </span>
          <Link to="/console/vip" onClick={onClose}>
            <Button size="small" shape="round" style={{ background: '#f7e3b0', border: 0, color: '#4a3200' }}>
              {isMember(user) ? '续费' : '开通会员'}
            </Button>
          </Link>
        </div>
        <div className={styles.popoverVipHint}>{expiry || '60+ 模型 · 100+ 绘画媒体 · 1000+ 工具'}</div>
      </div>
      <div className={styles.popoverLinks}>
        <Link className={styles.popoverLink} to="/console" onClick={onClose}>
          <UserOutlined /> 个人中心
        </Link>
        <Link className={styles.popoverLink} to="/console/vip" onClick={onClose}>
          <CrownOutlined /> 会员中心
        </Link>
        <Link className={styles.popoverLink} to="/console/pointslog" onClick={onClose}>
          <UnorderedListOutlined /> 积分明细
        </Link>
        <button type="button" className={`${styles.popoverLink} ${styles.popoverLogout}`} onClick={confirmLogout}>
          <LogoutOutlined /> 退出登录
        </button>
      </div>
    </div>
  );
}

/** Right side of the header: the login button, or the membership badge and the avatar popover. */
export function UserEntry({ compact = false }: { compact?: boolean }) {
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const user = useUserStore(selectUser);
  const [open, setOpen] = useState(false);

  if (!isLoggedIn) {
    return (
      <Button type="primary" shape="round" size={compact ? 'middle' : 'large'} onClick={openLoginDialog}>
        登录
      </Button>
    );
  }
  return (
    <>
      {!compact && user && (
        <Link to="/console/vip" className={styles.memberBadge}>
          <CrownOutlined /> {membershipLabel(user)}
        </Link>
      )}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        content={user ? <PopoverBody user={user} onClose={() => setOpen(false)} /> : null}
      >
        <button type="button" className={styles.avatarButton} aria-label="账户菜单" data-testid="user-avatar">
          <UserAvatar user={user} size={compact ? 32 : 36} />
        </button>
      </Popover>
    </>
  );
}
