import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { MSG, SHARED_MODEL_FUNCTIONS, type SharedModelCard, type SharedModelForm } from '@wanxiang/contract';
import { createSharedModel, editSharedModel } from '../../api/shared-models';
import { RequestError } from '../../api/request';

/** Publish or edit one's own card; the server checks the address (SSRF rules) and answers the message. */
export function SharedModelFormModal({ card, onClose, onSaved }: { card: SharedModelCard | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SharedModelForm>();
  const [saving, setSaving] = useState(false);
  const editing = card !== null;

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (card) await editSharedModel(card.id, values);
      else await createSharedModel(values);
      void message.success(editing ? MSG.sharedModelEdited : MSG.sharedModelCreated);
      onSaved();
    } catch (err) {
      const fallback = editing ? MSG.sharedModelEditFailed : MSG.sharedModelCreateFailed;
      void message.error(err instanceof RequestError && err.msg ? err.msg : fallback);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={600}
      title={editing ? MSG.sharedModelsEdit : MSG.sharedModelsPublish}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="shared-model-form"
        initialValues={
          card
            ? { name: card.name, description: card.description, icon: card.icon, api_url: card.api_url, model_id: card.model_id, functions: card.functions }
            : { functions: ['llm'] }
        }
      >
        <Form.Item name="name" label={MSG.sharedModelName} rules={[{ required: true, whitespace: true, message: MSG.sharedModelNameRequired }, { max: 64, message: MSG.sharedModelNameTooLong }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="api_url" label={MSG.sharedModelApiUrl} rules={[{ required: true, whitespace: true, message: MSG.sharedModelApiUrlRequired }]}>
          <Input placeholder="https://api.example.com/v1" />
        </Form.Item>
        <Form.Item name="model_id" label={MSG.sharedModelModelId} rules={[{ required: true, whitespace: true, message: MSG.sharedModelModelIdRequired }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="functions" label={MSG.sharedModelFunctions} rules={[{ required: true, type: 'array', min: 1, message: MSG.sharedModelFunctionsRequired }]}>
          <Select mode="multiple" options={SHARED_MODEL_FUNCTIONS.map((f) => ({ value: f, label: f }))} />
        </Form.Item>
        <Form.Item name="icon" label={MSG.sharedModelIcon}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="description" label={MSG.sharedModelDescription} rules={[{ max: 500, message: MSG.sharedModelDescriptionTooLong }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
