import { useEffect, useState } from 'react';
import { App, AutoComplete, Form, Input, Modal, Switch } from 'antd';
import { MSG, type ProviderPreset, type ProviderView } from '@wanxiang/contract';
import { addService, saveService } from '../../api/providers';
import { failureText, providerFormFor, type ProviderFormValues } from './provider-form';

export interface ProviderFormModalProps {
  open: boolean;
  /** The provider picked in the list ('' = a new one); the form fills from it (4.6). */
  company: string;
  /** Prefill over the saved record or defaults (a shared model's link: api_url). */
  prefill?: Partial<ProviderFormValues>;
  saved: readonly ProviderView[];
  presets: readonly ProviderPreset[];
  mobile?: boolean;
  onClose(): void;
  onSaved(provider: ProviderView): void;
}

/** The add-provider modal (2.11, width 750): 供应商名称, 接口地址, 秘钥, status. Saves edits when a record exists, else creates. */
export function ProviderFormModal({ open, company, prefill, saved, presets, mobile, onClose, onSaved }: ProviderFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProviderFormValues>();
  const [record, setRecord] = useState<ProviderView | null>(null);
  const [busy, setBusy] = useState(false);

  const fill = (name: string, over?: Partial<ProviderFormValues>) => {
    const next = providerFormFor(name, saved, presets);
    setRecord(next.record);
    form.setFieldsValue({ ...next.values, ...over });
  };

  useEffect(() => {
    if (open) fill(company, prefill);
    // Only when the modal opens: picking another name inside it refills through onSelect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = { company: v.company.trim(), api_url: v.api_url.trim(), api_key: v.api_key?.trim() ?? '', status: v.status ? 1 : 0 } as const;
    setBusy(true);
    try {
      const out = record ? await saveService({ ...body, id: record.id }) : await addService(body);
      void message.success(record ? MSG.providersSaveOk : MSG.providersAddOk);
      onSaved(out);
    } catch (err) {
      void message.error(failureText(err, record ? MSG.providersSaveFailed : MSG.providersAddFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? MSG.providersEditProviderTitle : MSG.providersAddProviderTitle}
      width={mobile ? '100%' : 750}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={MSG.providersSave}
      cancelText={MSG.providersCancel}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="provider-form" initialValues={{ status: true }}>
        <Form.Item name="company" label={MSG.providersFieldCompany} rules={[{ required: true, whitespace: true, message: MSG.providersCompanyRequired }]}>
          <AutoComplete
            options={presets.map((p) => ({ value: p.company }))}
            onSelect={(name: string) => fill(name)}
            disabled={Boolean(record)}
            placeholder={MSG.providersCompanyRequired}
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="api_url" label={MSG.providersFieldApiUrl} rules={[{ required: true, whitespace: true, message: MSG.providersApiUrlRequired }]}>
          <Input placeholder="https://api.example.com/v1" maxLength={500} />
        </Form.Item>
        <Form.Item
          name="api_key"
          label={MSG.providersFieldApiKey}
          rules={record ? [] : [{ required: true, whitespace: true, message: MSG.providersApiKeyRequired }]}
        >
          <Input.Password placeholder={record ? MSG.providersKeyKeepHint(record.key_hint) : MSG.providersApiKeyRequired} autoComplete="new-password" maxLength={512} />
        </Form.Item>
        <Form.Item name="status" label={MSG.providersFieldStatus} valuePropName="checked">
          <Switch checkedChildren={MSG.providersOn} unCheckedChildren={MSG.providersOff} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
