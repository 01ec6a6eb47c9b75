import { useState } from 'react';
import { Form, Input, Switch, Tag, Typography } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C, ADMIN_CATALOG_PROMOS_MSG as M } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import {
  PROMOS_FILE_FIELDS,
  PROMOS_SHOW_KEYS,
  promoSwitchOn,
  promosFieldProblem,
  promosPartNamed,
  promosValuesOf,
  withPromoSwitch,
  withPromosValues,
  type PromosContent,
  type PromosField,
  type PromosFormValues,
} from './promos-form';
import { ServerFieldErrors } from './ServerFieldErrors';

/** An antd rule running the server's check of the field, so the box shows its Chinese message as you type. */
const checked = (field: PromosField) => ({
  validator: (_: unknown, v: unknown) => {
    const problem = promosFieldProblem(field, v);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/**
 * 推广与公告 as three parts: the `show` switches, the versions and update notices, and the model promo (its HTML in a
 * text box). Every change is written through `withPromosValues`, which keeps a failing field's last valid value; the
 * server's refusal is shown under the field it names, and the part it names is tagged.
 */
export function PromosEditor({ value, onChange, problem }: FormEditorProps<PromosContent>) {
  const [form] = Form.useForm<PromosFormValues>();
  // The form's own store holds what is typed; it starts from the document as the tab opened on it.
  const [initial] = useState(() => promosValuesOf(value));
  const errorTag = (...parts: string[]) => promosPartNamed(problem, ...parts) && <Tag color="red">{C.errorTag}</Tag>;
  const buttons = Array.isArray(value.model.button) ? value.model.button.length : 0;

  return (
    <div data-testid="promos-editor">
      <Typography.Paragraph type="secondary">{M.promosHint}</Typography.Paragraph>
      <Typography.Title level={5}>
        {M.promosSwitchesTitle} {errorTag('show.')}
      </Typography.Title>
      <Form layout="horizontal">
        {PROMOS_SHOW_KEYS.map((key) => (
          <Form.Item key={key} label={M.promosSwitches[key]} colon={false}>
            <Switch checked={promoSwitchOn(value, key)} onChange={(on) => onChange(withPromoSwitch(value, key, on))} aria-label={M.promosSwitches[key]} />
          </Form.Item>
        ))}
      </Form>
      <Form<PromosFormValues> form={form} layout="vertical" initialValues={initial} onValuesChange={(_, all) => onChange(withPromosValues(value, all))} requiredMark={false}>
        <Typography.Title level={5}>
          {M.promosUpdateTitle} {errorTag('versions.', 'pc_update.', 'web_update.')}
        </Typography.Title>
        <Form.Item name="pc" label={M.promosVersionPc} rules={[checked('pc')]}>
          <Input placeholder="2025.08.19" />
        </Form.Item>
        <Form.Item name="pcMin" label={M.promosVersionPcMin} rules={[checked('pcMin')]}>
          <Input placeholder="2025.01.01" />
        </Form.Item>
        <Form.Item name="downloadUrl" label={M.promosDownloadUrl} rules={[checked('downloadUrl')]}>
          <Input placeholder="/download" />
        </Form.Item>
        <Form.Item name="pcContent" label={M.promosPcContent} rules={[checked('pcContent')]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="web" label={M.promosVersionWeb} rules={[checked('web')]}>
          <Input placeholder="2025.10.20" />
        </Form.Item>
        <Form.Item name="webContent" label={M.promosWebContent} rules={[checked('webContent')]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>

        <Typography.Title level={5}>
          {M.promosModelTitle} {errorTag('model.')}
        </Typography.Title>
        <Form.Item name="modelShow" label={M.promosModelShow} valuePropName="checked" extra={M.promosModelShowHint}>
          <Switch />
        </Form.Item>
        <Form.Item name="modelTitle" label={M.promosModelTitleField} rules={[checked('modelTitle')]}>
          <Input />
        </Form.Item>
        <Form.Item name="modelImage" label={M.promosModelImage}>
          <Input placeholder="/promos/p7-banana.svg" />
        </Form.Item>
        <Form.Item name="modelContent" label={M.promosModelContent} rules={[checked('modelContent')]} extra={M.promosModelContentNote}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} spellCheck={false} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{M.promosModelButtons(buttons)}</Typography.Paragraph>
        <ServerFieldErrors form={form} problem={problem} fields={PROMOS_FILE_FIELDS} />
      </Form>
    </div>
  );
}
