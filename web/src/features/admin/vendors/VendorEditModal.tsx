import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { ADMIN_VENDORS_MSG as V, type AdminVendorItem } from '@wanxiang/contract';
import { adminSaveVendor } from '../../../api/admin-vendors';
import { errorText } from '../useLoad';
import { saveBody, type VendorForm } from './vendor-view';

/**
 * Edit a vendor's base URL and key (and, for a vendor that signs with a key pair such as Kling, its secret key). The key
 * fields are write-only: they start empty (the server never sends a key back, only its last 4 characters) and an empty
 * field keeps the saved key.
 */
export function VendorEditModal({ vendor, onClose, onSaved }: { vendor: AdminVendorItem | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<VendorForm>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!vendor) return;
    form.setFieldsValue({ baseUrl: vendor.baseUrl ?? '', apiKey: '', secretKey: '' });
    setError(null);
  }, [vendor, form]);

  const submit = async () => {
    if (!vendor) return;
    const body = saveBody(vendor, form.getFieldsValue());
    if (!body) {
      setError(V.adminVendorNothingToSave);
      return;
    }
    setSaving(true);
    try {
      await adminSaveVendor(vendor.id, body);
      void message.success(V.adminVendorSaved);
      onSaved();
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const fallback = vendor?.defaultBaseUrl ?? V.editBaseUrlFallbackNone;
  return (
    <Modal
      open={vendor !== null}
      title={vendor ? V.editTitle(vendor.name) : ''}
      okText={V.save}
      cancelText={V.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="baseUrl" label={V.editBaseUrl} extra={V.editBaseUrlHelp(fallback)}>
          <Input placeholder={vendor?.defaultBaseUrl ?? 'https://'} />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={vendor?.pairedSecret ? V.editAccessKey : V.editApiKey}
          extra={vendor?.keySet ? V.editApiKeyHelpSet(vendor.keyLast4 ?? '') : V.editApiKeyHelpUnset}
        >
          {/* A password field: never filled from the server, not remembered by the browser. */}
          <Input.Password placeholder={V.editApiKeyPlaceholder} autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        {vendor?.pairedSecret && (
          <Form.Item
            name="secretKey"
            label={V.editSecretKey}
            extra={vendor.secretKeySet ? V.editSecretKeyHelpSet(vendor.secretKeyLast4 ?? '') : V.editApiKeyHelpUnset}
          >
            <Input.Password placeholder={V.editSecretKeyPlaceholder} autoComplete="new-password" visibilityToggle={false} />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
