import { Alert, App, Form, Input, Modal } from 'antd';
import { ADMIN_MONEY_MSG as M, type AdminCashItem } from '@wanxiang/contract';
import { adminApproveCash, adminRefuseCash } from '../../../api/admin-money';
import { formatCents } from '../format';
import { useAction } from '../users/useAction';

export type CashReview = 'approve' | 'refuse';

/** 已打款 with the transfer reference, or 拒绝 with the reason (the money goes back to the wallet). */
export function CashReviewModal({ item, kind, onClose, onDone }: { item: AdminCashItem; kind: CashReview; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ text: string }>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();
  const approve = kind === 'approve';

  const submit = async ({ text }: { text: string }) => {
    const value = text.trim();
    if (await run(() => (approve ? adminApproveCash(item.id, value) : adminRefuseCash(item.id, value)))) {
      void message.success(approve ? M.moneyCashApproved : M.moneyCashRefused);
      onDone();
    }
  };

  return (
    <Modal
      open
      title={approve ? M.cashApproveTitle : M.cashRefuseTitle}
      okText={M.ok}
      okButtonProps={{ danger: !approve, 'data-testid': 'cash-review-ok' }}
      cancelText={M.cancel}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${item.name} · ${item.casher} · ${formatCents(item.moneyCents)}`} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="text"
          label={approve ? M.cashTransferRef : M.cashRefuseReason}
          rules={[{ required: true, whitespace: true, max: approve ? 64 : 200, message: approve ? M.moneyTransferRefInvalid : M.moneyCashRefuseReasonInvalid }]}
        >
          {approve ? <Input maxLength={64} data-testid="cash-review-text" /> : <Input.TextArea rows={3} maxLength={200} showCount data-testid="cash-review-text" />}
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
