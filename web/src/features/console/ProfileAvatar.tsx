import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import type { UserInfo } from '@wanxiang/contract';
import { avatarInitial } from '../account/user-display';

/** The user's chosen avatar, else the nick's first character on the brand gradient. */
export function ProfileAvatar({ user, size }: { user: UserInfo | null; size: number }) {
  if (user?.avatar) return <Avatar size={size} src={user.avatar} alt="头像" />;
  const initial = user ? avatarInitial(user) : '';
  return (
    <Avatar size={size} style={{ background: 'linear-gradient(135deg, #5b5bf6, #a855f7)' }} icon={initial ? undefined : <UserOutlined />}>
      {initial || null}
    </Avatar>
  );
}
