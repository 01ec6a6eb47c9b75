import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { ADMIN_CONSOLE_MSG as T, MSG, ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, type AdminPasswordRes, type AdminUserItem } from '@wanxiang/contract';
import { adminResetPassword } from '../../../api/admin';
import { userLabel } from '../format';
import { useAction } from './useAction';

interface PasswordForm {
  mode: 'random' | 'given';
  password?: string;
}

/**
 * 重置密码: a random password made by the server or one the admin types; the user's sessions end. A generated password
 * is shown once, here, with a copy button: the server keeps only its hash.
 */
export function PasswordModal({ user, onClose, onDone }: { user: AdminUserItem; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();
  const mode = Form.useWatch('mode', form) ?? 'random';
  const [result, setResult] = useState<AdminPasswordRes | null>(null);

  const submit = async (v: PasswordForm) => {
    const answer = await run(() => adminResetPassword(user.id, v.mode === 'given' ? v.password : undefined));
    if (answer) {
      void message.success(MSG.adminPasswordDone);
      setResult(answer);
      onDone();
    }
  };

  if (result) {
    return (
      <Modal open title={T.passwordConfirmTitle(userLabel(user))} onCancel={onClose} footer={<Button onClick={onClose}>{T.close}</Button>} destroyOnHidden>
        {result.password && (
          <>
            <Alert type="warning" showIcon title={T.passwordShownOnce} style={{ marginBottom: 12 }} />
            <Typography.Paragraph>
              {T.passwordNewTitle}：
              <Typography.Text code copyable={{ text: result.password, tooltips: [T.copy, T.copied] }} data-testid="admin-new-password">
                {result.password}
              </Typography.Text>
            </Typography.Paragraph>
          </>
        )}
        <Typography.Paragraph type="secondary">{T.sessionsEnded(result.sessionsEnded)}</Typography.Paragraph>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={T.passwordConfirmTitle(userLabel(user))}
      okText={T.actPassword}
      okButtonProps={{ danger: true }}
      cancelText={T.cancel}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={T.passwordWarning} style={{ marginBottom: 16 }} />
      <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} initialValues={{ mode: 'random' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="mode" label={T.passwordMode}>
          <Radio.Group
            options={[
              { label: T.passwordRandom, value: 'random' },
              { label: T.passwordGiven, value: 'given' },
            ]}
          />
        </Form.Item>
        {mode === 'given' && (
          <Form.Item name="password" label={T.passwordInput} rules={[{ required: true, min: ADMIN_PASSWORD_MIN, max: ADMIN_PASSWORD_MAX, message: T.passwordRequired }]}>
            <Input.Password maxLength={ADMIN_PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
