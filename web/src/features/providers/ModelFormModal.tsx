import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { MSG, type ModelFunction, type ServiceModelView } from '@wanxiang/contract';
import { addServiceModel, editServiceModel } from '../../api/providers';
import { FUNCTION_OPTIONS, failureText } from './provider-form';

interface ModelFormValues {
  model_id: string;
  namespace: string;
  functions: ModelFunction[];
  status: boolean;
  consume_points: number;
  only_points: boolean;
}

export interface ModelFormModalProps {
  open: boolean;
  company: string;
  /** The model being edited; null adds one. */
  model: ServiceModelView | null;
  /** Prefill of a new model's id (a shared model's link). */
  modelId?: string;
  mobile?: boolean;
  onClose(): void;
  onSaved(): void;
}

/** The add/edit-model modal (2.11, width 700): 模型ID, 模型别名, 模型功能, status (default on), points. */
export function ModelFormModal({ open, company, model, modelId, mobile, onClose, onSaved }: ModelFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelFormValues>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      model
        ? { ...model, status: model.status === 1 }
        : { model_id: modelId ?? '', namespace: '', functions: ['llm'], status: true, consume_points: 0, only_points: false },
    );
  }, [open, model, modelId, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...v, model_id: v.model_id.trim(), namespace: v.namespace.trim(), status: v.status ? 1 : 0, consume_points: v.consume_points ?? 0 } as const;
    setBusy(true);
    try {
      if (model) await editServiceModel({ ...body, id: model.id });
      else await addServiceModel({ ...body, company });
      void message.success(model ? MSG.providersModelEditOk : MSG.providersModelAddOk);
      onSaved();
    } catch (err) {
      void message.error(failureText(err, model ? MSG.providersModelEditFailed : MSG.providersAddFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`${model ? MSG.providersEditModelTitle : MSG.providersAddModelTitle} · ${company}`}
      width={mobile ? '100%' : 700}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={MSG.providersSave}
      cancelText={MSG.providersCancel}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="model-form">
        <Form.Item name="model_id" label={MSG.providersFieldModelId} rules={[{ required: true, whitespace: true, message: MSG.providersModelIdRequired }]}>
          <Input placeholder="deepseek-chat" maxLength={128} />
        </Form.Item>
        <Form.Item name="namespace" label={MSG.providersFieldNamespace} rules={[{ required: true, whitespace: true, message: MSG.providersNamespaceRequired }]}>
          <Input placeholder={MSG.providersNamespaceRequired} maxLength={64} />
        </Form.Item>
        <Form.Item name="functions" label={MSG.providersFieldFunctions} rules={[{ required: true, type: 'array', min: 1, message: MSG.providersFunctionsRequired }]}>
          <Select mode="multiple" options={FUNCTION_OPTIONS} placeholder={MSG.providersFunctionsRequired} />
        </Form.Item>
        <Form.Item name="status" label={MSG.providersFieldStatus} valuePropName="checked">
          <Switch checkedChildren={MSG.providersOn} unCheckedChildren={MSG.providersOff} />
        </Form.Item>
        <Form.Item name="consume_points" label={MSG.providersFieldConsumePoints}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="only_points" label={MSG.providersFieldOnlyPoints} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
