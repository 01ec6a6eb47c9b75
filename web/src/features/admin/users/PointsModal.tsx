import { Alert, App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { ADMIN_CONSOLE_MSG as T, MSG, ADMIN_POINTS_DELTA_MAX, ADMIN_POINTS_REASON_MAX, type AdminUserItem } from '@wanxiang/contract';
import { adminAdjustPoints } from '../../../api/admin';
import { userLabel } from '../format';
import { useAction } from './useAction';

interface PointsForm {
  kind: 'grant' | 'deduct';
  amount: number;
  reason: string;
}

/** 调整积分: a credit or a debit with its reason (the user sees the reason in their bill), confirmed before it is sent. */
export function PointsModal({ user, onClose, onDone }: { user: AdminUserItem; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<PointsForm>();
  const { modal, message } = App.useApp();
  const { busy, error, run } = useAction();
  const kind = Form.useWatch('kind', form) ?? 'grant';
  const amount = Form.useWatch('amount', form);
  const delta = amount ? (kind === 'grant' ? amount : -amount) : 0;

  const submit = (v: PointsForm) => {
    const d = v.kind === 'grant' ? v.amount : -v.amount;
    modal.confirm({
      title: T.pointsConfirm(userLabel(user), d),
      content: `${T.pointsReason}：${v.reason.trim()}`,
      okText: T.confirm,
      cancelText: T.cancel,
      centered: true,
      onOk: async () => {
        if (await run(() => adminAdjustPoints(user.id, { delta: d, reason: v.reason.trim() }))) {
          void message.success(MSG.adminPointsDone);
          onDone();
        }
      },
    });
  };

  return (
    <Modal open title={T.actPoints} okText={T.confirm} cancelText={T.cancel} onOk={form.submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form<PointsForm> form={form} layout="vertical" initialValues={{ kind: 'grant' }} onFinish={submit} requiredMark={false}>
        <Form.Item name="kind" label={T.pointsKind}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { label: T.pointsGrant, value: 'grant' },
              { label: T.pointsDeduct, value: 'deduct' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={T.pointsAmount}
          rules={[{ required: true, type: 'integer', min: 1, max: ADMIN_POINTS_DELTA_MAX, message: T.pointsAmountRequired }]}
        >
          <InputNumber min={1} max={ADMIN_POINTS_DELTA_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={T.pointsReason}
          rules={[{ required: true, whitespace: true, max: ADMIN_POINTS_REASON_MAX, message: T.pointsReasonRequired }]}
        >
          <Input maxLength={ADMIN_POINTS_REASON_MAX} showCount placeholder={T.pointsReasonPlaceholder} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{T.pointsPreview(user.points, user.points + delta)}</Typography.Text>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
