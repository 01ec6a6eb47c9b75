import { Button, Popover } from 'antd';
import { CrownFilled, CrownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../app-events';
import { isMember, membershipLabel } from '../features/account/user-display';
import { selectIsLoggedIn, selectUser, useUserStore } from '../stores/user';
import { AccountPopover } from './header/AccountPopover';
import { UserAvatar } from './header/UserAvatar';
import styles from './shell.module.css';

/**
 * Right side of the header: the login button, or the membership badge (desktop) and the avatar
 * popover. On mobile the avatar carries a VIP mark when vip is not 0 (docs/product/shell-and-navigation.md §2).
 */
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
  const member = isMember(user);
  return (
    <>
      {!compact && user && (
        <Link to="/console/vip" className={styles.memberBadge} data-testid="member-badge">
          <CrownOutlined /> {membershipLabel(user)}
        </Link>
      )}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        content={user ? <AccountPopover user={user} desktop={!compact} onClose={() => setOpen(false)} /> : null}
      >
        <button type="button" className={styles.avatarButton} aria-label="账户菜单" data-testid="user-avatar">
          <UserAvatar user={user} size={compact ? 32 : 36} />
          {compact && member && (
            <span className={styles.vipMark} data-testid="avatar-vip-mark" aria-label="会员">
              <CrownFilled />
            </span>
          )}
        </button>
      </Popover>
    </>
  );
}
