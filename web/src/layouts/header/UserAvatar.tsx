import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@wanxiang/contract';
import { avatarInitial } from '../../features/account/user-display';

/** The user's picture, else the nickname's first character, else a person icon. */
export function UserAvatar({ user, size }: { user: UserInfo | null; size: number }) {
  const brand = { background: 'linear-gradient(135deg, #5b5bf6, #a855f7)' };
  if (user?.avatar) return <Avatar size={size} src={user.avatar} />;
  const initial = user ? avatarInitial(user) : '';
  return (
    <Avatar size={size} style={brand} icon={initial ? undefined : <UserOutlined />}>
      {initial || null}
    </Avatar>
  );
}
