import { Modal } from 'antd';
import { MSG } from '@wanxiang/contract';
import { ProviderManager } from './ProviderManager';

/** The third-party API configuration modal (2.11, width 600). */
export function ProviderConfigModal({ open, onClose, mobile }: { open: boolean; onClose(): void; mobile?: boolean }) {
  return (
    <Modal open={open} title={MSG.providersConfigTitle} width={mobile ? '100%' : 600} footer={null} onCancel={onClose} destroyOnHidden data-testid="provider-config-modal">
      <ProviderManager mobile={mobile} />
    </Modal>
  );
}
