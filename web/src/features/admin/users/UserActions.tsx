import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { ADMIN_CONSOLE_MSG as T, MSG, type AdminUserItem } from '@wanxiang/contract';
import { adminUnban } from '../../../api/admin';
import { userLabel } from '../format';
import { errorText } from '../useLoad';
import { BanModal } from './BanModal';
import { MembershipModal } from './MembershipModal';
import { PasswordModal } from './PasswordModal';
import { PointsModal } from './PointsModal';

type Open = 'points' | 'membership' | 'ban' | 'password' | null;

/** The action buttons of a user's detail page and their dialogs; `onChanged` reloads the page after a change. */
export function UserActions({ user, onChanged }: { user: AdminUserItem; onChanged: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const { modal, message } = App.useApp();
  const close = () => setOpen(null);
  const closeAndReload = () => {
    setOpen(null);
    onChanged();
  };

  const unban = () =>
    modal.confirm({
      title: T.unbanConfirmTitle(userLabel(user)),
      content: T.unbanConfirmContent,
      okText: T.actUnban,
      cancelText: T.cancel,
      centered: true,
      onOk: async () => {
        try {
          await adminUnban(user.id);
          void message.success(MSG.adminUnbanDone);
          onChanged();
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });

  return (
    <>
      <Space wrap>
        <Button type="primary" onClick={() => setOpen('points')}>
          {T.actPoints}
        </Button>
        <Button onClick={() => setOpen('membership')}>{T.actMembership}</Button>
        {user.banned ? (
          <Button onClick={unban}>{T.actUnban}</Button>
        ) : (
          <Button danger onClick={() => setOpen('ban')}>
            {T.actBan}
          </Button>
        )}
        <Button onClick={() => setOpen('password')}>{T.actPassword}</Button>
      </Space>
      {open === 'points' && <PointsModal user={user} onClose={close} onDone={closeAndReload} />}
      {open === 'membership' && <MembershipModal user={user} onClose={close} onDone={closeAndReload} />}
      {open === 'ban' && <BanModal user={user} onClose={close} onDone={closeAndReload} />}
      {/* The new password stays on screen until the admin closes it. */}
      {open === 'password' && <PasswordModal user={user} onClose={close} onDone={onChanged} />}
    </>
  );
}
