import { useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { MSG, REPORT_CATEGORIES, REPORT_REASON_MAX, type ReportCategory } from '@wanxiang/contract';
import { reportMessage } from '../../../api/feedback';
import { useChatStore } from '../../../stores/chat';
import { selectCurrentSession } from '../../../stores/chat-selectors';
import type { ChatMessage } from '../../../stores/chat-state';
import styles from './actions.module.css';

export interface ReportDialogProps {
  /** The reply being reported; null closes the dialog. */
  message: ChatMessage | null;
  onClose(): void;
}

interface ReportForm {
  category: ReportCategory;
  reason: string;
}

/** The dislike dialog (docs/product/chat.md §2, §5): a category 1-5 and a required reason, stored on the server. */
export function ReportDialog({ message: m, onClose }: ReportDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportForm>();
  const [saving, setSaving] = useState(false);

  const submit = async (): Promise<void> => {
    if (!m) return;
    let values: ReportForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows 请输入原因 under the field
    }
    setSaving(true);
    try {
      const session = selectCurrentSession(useChatStore.getState());
      await reportMessage({
        messageId: m.id,
        conversationId: session?.conversationId ?? session?.id,
        model: m.modelname,
        category: values.category,
        reason: values.reason.trim(),
        excerpt: m.message,
      });
      void message.success(MSG.reportSuccess);
      form.resetFields();
      onClose();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={m !== null}
      title={MSG.reportTitle}
      okText={MSG.reportSubmit}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      centered
      data-testid="report-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ category: 1, reason: '' }} requiredMark={false} className={styles.reportForm}>
        <Form.Item name="category" label={MSG.reportCategoryLabel} rules={[{ required: true, message: MSG.reportCategoryRequired }]}>
          <Radio.Group className={styles.categories}>
            {REPORT_CATEGORIES.map((c) => (
              <Radio.Button key={c} value={c}>
                {MSG.reportCategories[c]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label={MSG.reportReasonLabel}
          rules={[
            { required: true, whitespace: true, message: MSG.reportReasonRequired },
            { max: REPORT_REASON_MAX, message: MSG.reportReasonTooLong },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REPORT_REASON_MAX} showCount placeholder={MSG.reportReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
