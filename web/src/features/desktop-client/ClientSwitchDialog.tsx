import { Modal } from 'antd';
import { MSG } from '@wanxiang/contract';
import { acceptSwitch, accountLabel, keepCurrent, useClientSwitch } from './client-login';

/** Asks before the desktop client's account replaces the one signed in here (client-login.ts). */
export function ClientSwitchDialog() {
  const pending = useClientSwitch((s) => s.pending);
  return (
    <Modal
      open={pending !== null}
      title={MSG.clientSwitchTitle}
      okText={MSG.clientSwitchOk}
      cancelText={MSG.clientSwitchKeep}
      onOk={acceptSwitch}
      onCancel={keepCurrent}
      maskClosable={false}
      centered
    >
      {pending ? MSG.clientSwitchConfirm(pending.current, accountLabel(pending.next)) : null}
    </Modal>
  );
}
