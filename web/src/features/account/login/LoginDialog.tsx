import { Modal } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { onOpenLoginDialog } from '../../../app-events';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { getInviteCode } from '../../../stores/keywords';
import { LoginCard } from './LoginCard';

/** The login dialog of docs/product/accounts.md §2 (700 wide), opened from anywhere through openLoginDialog(). */
export function LoginDialog() {
  // Each opening gets a fresh card (empty fields, default tab): the generation keys it.
  const [{ open, generation }, setState] = useState({ open: false, generation: 0 });
  const close = () => setState((s) => ({ ...s, open: false }));
  const [params] = useSearchParams();
  const isMobile = useIsMobile();

  // A layout effect subscribes before any page's passive effect can ask for the dialog.
  useLayoutEffect(() => onOpenLoginDialog(() => setState((s) => (s.open ? s : { open: true, generation: s.generation + 1 }))), []);

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={isMobile ? 'calc(100vw - 24px)' : 700}
      centered
      destroyOnHidden
      styles={{ container: { padding: 0, overflow: 'hidden' }, body: { padding: 0 } }}
      aria-label="登录"
    >
      <LoginCard key={generation} initialInviteCode={params.get('invite_code') || getInviteCode()} showGift={!isMobile} onSuccess={close} />
    </Modal>
  );
}
