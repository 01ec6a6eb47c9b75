import { Alert, App, Form, Input, Modal } from 'antd';
import { ADMIN_MONEY_MSG as M, type AdminMoneyOrder } from '@wanxiang/contract';
import { adminRefund } from '../../../api/admin-money';
import { formatCents } from '../format';
import { useAction } from '../users/useAction';

/** 退款: a confirmation that says what is taken back and that the money is returned by hand, with the reason. */
export function RefundModal({ order, onClose, onDone }: { order: AdminMoneyOrder; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();

  const submit = async ({ reason }: { reason: string }) => {
    const res = await run(() => adminRefund(order.orderNo, reason.trim()));
    if (res) {
      void message.success(`${M.moneyRefundDone}（${M.refundResult(res.pointsTaken, res.pointsShort, res.daysTaken)}）`);
      onDone();
    }
  };

  return (
    <Modal
      open
      title={M.refundTitle(order.orderNo)}
      okText={M.refundConfirm}
      okButtonProps={{ danger: true, 'data-testid': 'refund-confirm' }}
      cancelText={M.cancel}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={`${order.shopName} · ${formatCents(order.amountCents)}`} description={M.refundBody} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="reason" label={M.refundReason} rules={[{ required: true, whitespace: true, max: 200, message: M.moneyRefundReasonInvalid }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={M.refundReasonPlaceholder} data-testid="refund-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
