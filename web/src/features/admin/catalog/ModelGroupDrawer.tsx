import { Form, Input, Select } from 'antd';
import { ADMIN_CATALOG_GROUPS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { GROUP_ICON_RE, GROUP_KEY_RE, unknownModels, type ModelGroupValues } from './groups-form';
import { ServerFieldErrors } from './ServerFieldErrors';
import type { CatalogModels } from './useCatalogModels';
import { EntryDrawer } from './EntryDrawer';

/** The file's field names the server's checks use (`groups.3.icon`, `lists unknown model "x"`), to the form field. */
const FILE_FIELDS: Record<string, keyof ModelGroupValues> = { key: 'key', label: 'label', icon: 'icon', models: 'models', model: 'models' };

/**
 * One model group in a drawer form, with the server's checks: the key rule and a free key, a label, an icon under
 * /model-icons/, at least one model and each one in the models document. The models are a multi-select of the
 * catalog's models when that document can be read, else typed keys (the server still checks them on save).
 */
export function ModelGroupDrawer({
  initial,
  takenKeys,
  isNew,
  problem,
  models,
  onOk,
  onClose,
}: {
  initial: ModelGroupValues;
  /** Keys of the other groups. */
  takenKeys: ReadonlySet<string>;
  isNew: boolean;
  problem: string | null;
  models: CatalogModels;
  onOk: (v: ModelGroupValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ModelGroupValues>();
  const icon = Form.useWatch('icon', form) ?? initial.icon;
  return (
    <EntryDrawer
      size={560}
      title={isNew ? M.add : `${C.editEntry}：${initial.label}`}
      testId="groups-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Form<ModelGroupValues> form={form} layout="vertical" initialValues={initial} onFinish={onOk} requiredMark={false}>
        <Form.Item
          name="key"
          label={M.key}
          rules={[
            { required: true, whitespace: true, message: C.required(M.key) },
            {
              validator: (_, v: string) =>
                !v?.trim() || GROUP_KEY_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(M.keyInvalid)),
            },
            {
              validator: (_, v: string) => (takenKeys.has(v?.trim()) ? Promise.reject(new Error(M.keyTaken(v.trim()))) : Promise.resolve()),
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="label" label={M.label} rules={[{ required: true, whitespace: true, message: C.required(M.label) }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="icon"
          label={M.icon}
          rules={[
            { required: true, message: C.required(M.icon) },
            {
              validator: (_, v: string) =>
                !v || GROUP_ICON_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(M.iconInvalid)),
            },
          ]}
        >
          <Input
            placeholder="/model-icons/default.svg"
            suffix={GROUP_ICON_RE.test(icon.trim()) ? <img src={icon.trim()} alt="" width={16} height={16} /> : null}
          />
        </Form.Item>
        <Form.Item
          name="models"
          label={M.models}
          extra={models.known ? undefined : M.modelsTagsHint}
          rules={[
            { required: true, type: 'array', min: 1, message: M.modelsRequired },
            {
              validator: (_, v: string[] | undefined) => {
                const unknown = unknownModels(v ?? [], models.known);
                return unknown.length ? Promise.reject(new Error(M.modelsUnknown(unknown.join('」「')))) : Promise.resolve();
              },
            },
          ]}
        >
          {models.known ? (
            <Select mode="multiple" options={models.options} optionFilterProp="label" placeholder={M.modelsPlaceholder} allowClear />
          ) : (
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder={M.modelsPlaceholder} />
          )}
        </Form.Item>
        <ServerFieldErrors form={form} problem={problem} fields={FILE_FIELDS} />
      </Form>
    </EntryDrawer>
  );
}
