import { Alert, App, Form, Input, Modal } from 'antd';
import { ADMIN_CONSOLE_MSG as T, ADMIN_BAN_REASON_MAX, MSG, type AdminUserItem } from '@wanxiang/contract';
import { adminBan } from '../../../api/admin';
import { userLabel } from '../format';
import { useAction } from './useAction';

/** 封禁: a confirmation with the reason; the user's sessions and remembered devices end at once. */
export function BanModal({ user, onClose, onDone }: { user: AdminUserItem; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();

  const submit = async ({ reason }: { reason: string }) => {
    if (await run(() => adminBan(user.id, reason.trim()))) {
      void message.success(MSG.adminBanDone);
      onDone();
    }
  };

  return (
    <Modal
      open
      title={T.banConfirmTitle(userLabel(user))}
      okText={T.actBan}
      okButtonProps={{ danger: true }}
      cancelText={T.cancel}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={T.banWarning} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="reason" label={T.banReason} rules={[{ required: true, whitespace: true, max: ADMIN_BAN_REASON_MAX, message: T.banReasonRequired }]}>
          <Input.TextArea rows={3} maxLength={ADMIN_BAN_REASON_MAX} showCount placeholder={T.banReasonPlaceholder} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
