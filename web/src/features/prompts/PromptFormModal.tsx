import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { MSG, PROMPT_CONTENT_MAX, PROMPT_TITLE_MAX, PromptTemplateSchema, type PromptTemplate } from '@wanxiang/contract';

interface Props {
  open: boolean;
  /** The template being edited; absent when adding. */
  initial?: PromptTemplate;
  onSave(t: PromptTemplate): void;
  onClose(): void;
}

/** Add or edit one template; the contract's schema gives 请输入标题! / 请输入内容!. */
export function PromptFormModal({ open, initial, onSave, onClose }: Props) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ field: 'key' | 'value'; msg: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setKey(initial?.key ?? '');
    setValue(initial?.value ?? '');
    setError(null);
  }, [open, initial]);

  const submit = () => {
    const r = PromptTemplateSchema.safeParse({ key, value });
    if (!r.success) {
      const issue = r.error.issues[0];
      setError({ field: issue?.path[0] === 'value' ? 'value' : 'key', msg: issue?.message ?? MSG.promptTitleRequired });
      return;
    }
    onSave(r.data);
  };

  return (
    <Modal
      open={open}
      title={initial ? MSG.promptEditTitle : MSG.promptAddTitle}
      okText={MSG.confirmOk}
      cancelText={MSG.confirmCancel}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      zIndex={1100}
    >
      <Form layout="vertical" data-testid="prompt-form">
        <Form.Item
          label={MSG.promptFieldTitle}
          required
          validateStatus={error?.field === 'key' ? 'error' : undefined}
          help={error?.field === 'key' ? error.msg : undefined}
        >
          <Input
            value={key}
            maxLength={PROMPT_TITLE_MAX}
            placeholder={MSG.promptTitlePlaceholder}
            onChange={(e) => setKey(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={MSG.promptFieldContent}
          required
          validateStatus={error?.field === 'value' ? 'error' : undefined}
          help={error?.field === 'value' ? error.msg : undefined}
        >
          <Input.TextArea
            value={value}
            maxLength={PROMPT_CONTENT_MAX}
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder={MSG.promptContentPlaceholder}
            onChange={(e) => setValue(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
