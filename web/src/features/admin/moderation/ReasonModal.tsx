import { Alert, App, Form, Input, Modal } from 'antd';
import { ADMIN_MODERATION_MSG as M, MOD_REASON_MAX } from '@wanxiang/contract';
import { useAction } from '../users/useAction';

/**
 * The text a moderation action takes: a required reason (reject, take down) or an optional note (dismiss, confirm).
 * The server's refusal (a second admin was quicker, a bad reason) shows in the dialog, which stays open.
 */
export function ReasonModal({
  title,
  required,
  invalidText,
  danger,
  doneText,
  onSubmit,
  onClose,
  onDone,
}: {
  title: string;
  required: boolean;
  invalidText: string;
  danger?: boolean;
  /** The toast once it is done (the action's own sentence, as the server words it). */
  doneText: string;
  onSubmit: (text: string) => Promise<object>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();
  const submit = async ({ text }: { text?: string }) => {
    if (await run(() => onSubmit((text ?? '').trim()))) {
      void message.success(doneText);
      onDone();
    }
  };
  return (
    <Modal
      open
      title={title}
      okButtonProps={{ danger, 'data-testid': 'mod-reason-ok' }}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="text" rules={[{ required, whitespace: required, max: MOD_REASON_MAX, message: invalidText }]}>
          <Input.TextArea rows={3} maxLength={MOD_REASON_MAX} showCount placeholder={required ? M.modReasonPlaceholder : M.modNotePlaceholder} data-testid="mod-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
