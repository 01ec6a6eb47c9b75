import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { ADMIN_MONEY_MSG as M, CARD_BATCH_COUNT_MAX, CARD_DAYS_VALID_MAX, type AdminCardBatchCreate } from '@wanxiang/contract';
import { adminIssueCards } from '../../../api/admin-money';
import { useAction } from '../users/useAction';

/** 生成卡密: the shop item (its id in shop.json), how many, an optional activation window and a note. */
export function IssueCardsModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<AdminCardBatchCreate>();
  const { message } = App.useApp();
  const { busy, error, run } = useAction();

  const submit = async (v: AdminCardBatchCreate) => {
    const res = await run(() => adminIssueCards({ ...v, note: (v.note ?? '').trim(), daysValid: v.daysValid ?? null }));
    if (res) {
      void message.success(M.moneyCardsIssued(res.codes.length));
      onDone();
    }
  };

  return (
    <Modal open title={M.cardsIssueTitle} okText={M.cardsIssue} cancelText={M.cancel} onOk={form.submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ count: 10 }} onFinish={(v) => void submit(v)}>
        <Form.Item name="shopId" label={M.cardsShop} rules={[{ required: true, message: M.moneyCardShopInvalid }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="count" label={M.cardsCount} rules={[{ required: true, message: M.moneyCardCountInvalid }]}>
          <InputNumber min={1} max={CARD_BATCH_COUNT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="daysValid" label={M.cardsDaysValid}>
          <InputNumber min={1} max={CARD_DAYS_VALID_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label={M.cardsNote} rules={[{ max: 200, message: M.moneyCardNoteInvalid }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
