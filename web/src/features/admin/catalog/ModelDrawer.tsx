import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { MODEL_KEY_PATTERN, type ModelFormValues } from './models-form';
import { ServerFieldErrors } from './ServerFieldErrors';
import type { TiersInfo } from './useTiersInfo';
import { EntryDrawer } from './EntryDrawer';

const nonNegative = (field: string, max = 1_000_000) => ({ type: 'integer' as const, min: 0, max, message: C.nonNegative(field) });
const required = (field: string) => ({ required: true, whitespace: true, message: C.required(field) });

/** The drawer's values: the form's, and the key, typed only for a new model (an existing one's is shown, fixed). */
export type ModelDrawerValues = ModelFormValues & { key: string };

/** The file's field names the server's checks use, to the form field that edits them. */
const FILE_FIELDS: Record<string, keyof ModelDrawerValues> = {
  key: 'key',
  label: 'label',
  shortName: 'shortName',
  sort_label: 'sort_label',
  desc: 'desc',
  vendor: 'vendor',
  upstreamModel: 'upstreamModel',
  tags: 'tags',
  vipTag: 'high',
  high: 'high',
  isFree: 'isFree',
  free: 'isFree',
  allow_points: 'allow_points',
  only_points: 'only_points',
  consume_points: 'consume_points',
  quotaKey: 'quotaKey',
  checkKey: 'quotaKey',
  blockedVips: 'blockedVips',
  uploadLimit: 'uploadLimit',
};

/**
 * One model in a drawer form, an existing one or a new one. The form checks what it can see (required names, a free
 * well-formed key, numbers ≥ 0, the points rules of one entry); the rest (known vendor, alias gates across entries,
 * tiers' keys) is the server's check at save.
 */
export function ModelDrawer({
  initial,
  isNew,
  takenKeys,
  tiers,
  problem,
  onOk,
  onClose,
}: {
  initial: ModelDrawerValues;
  isNew: boolean;
  /** The other models' keys: a new model may not reuse one. */
  takenKeys: ReadonlySet<string>;
  tiers: TiersInfo;
  /** The server's refusal when it names this model: shown under the fields it names. */
  problem: string | null;
  onOk: (v: ModelDrawerValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ModelDrawerValues>();
  const quotaOptions = [
    { value: '', label: C.modelQuotaChat },
    ...tiers.quotaKeys.filter((q) => q.key !== '').map((q) => ({ value: q.key, label: `${q.label}（${q.key}）` })),
  ];
  if (initial.quotaKey && !quotaOptions.some((o) => o.value === initial.quotaKey))
    quotaOptions.push({ value: initial.quotaKey, label: initial.quotaKey });
  const levelOptions = tiers.levels.map((l) => ({ value: l.vip, label: `${l.name}（${l.vip}）` }));

  return (
    <EntryDrawer
      size={560}
      title={isNew ? C.modelAdd : `${C.editEntry}：${initial.label}（${initial.key}）`}
      testId="model-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Form<ModelDrawerValues> form={form} layout="vertical" initialValues={initial} onFinish={onOk} requiredMark={false}>
        <Row gutter={12}>
          <Col span={24}>
            <Form.Item
              name="key"
              label={C.modelKey}
              rules={
                isNew
                  ? [
                      { required: true, whitespace: true, message: C.required(C.modelKey) },
                      { pattern: MODEL_KEY_PATTERN, message: C.modelKeyInvalid },
                      {
                        validator: (_, key: string) =>
                          takenKeys.has(key) ? Promise.reject(new Error(C.modelKeyTaken(key))) : Promise.resolve(),
                      },
                    ]
                  : []
              }
            >
              {/* The key is how groups, children and users' settings name the model: fixed once it exists. */}
              <Input maxLength={64} disabled={!isNew} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="label" label={C.modelLabel} rules={[required(C.modelLabel)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="shortName" label={C.modelShortName} rules={[required(C.modelShortName)]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort_label" label={C.modelSortLabel} rules={[required(C.modelSortLabel)]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="vendor"
              label={C.modelVendor}
              rules={[required(C.modelVendor), { pattern: /^[a-z][a-z0-9_-]*$/, message: C.modelVendorInvalid }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="upstreamModel" label={C.modelUpstream} rules={[required(C.modelUpstream)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="desc" label={C.modelDesc} rules={[required(C.modelDesc)]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="tags" label={C.modelTags}>
              <Select mode="tags" open={false} suffixIcon={null} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="quotaKey" label={C.modelQuotaKey}>
              <Select options={quotaOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="blockedVips" label={C.modelBlockedVips}>
              <Select mode="multiple" options={levelOptions} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="allow_points" label={C.modelAllowPoints} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="only_points"
              label={C.modelOnlyPoints}
              valuePropName="checked"
              dependencies={['allow_points']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, only: boolean) =>
                    only && !getFieldValue('allow_points') ? Promise.reject(new Error(C.modelOnlyNeedsAllow)) : Promise.resolve(),
                }),
              ]}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="consume_points"
              label={C.modelPoints}
              dependencies={['allow_points']}
              rules={[
                { required: true, message: C.required(C.modelPoints) },
                nonNegative(C.modelPoints),
                ({ getFieldValue }) => ({
                  validator: (_, n: number) =>
                    getFieldValue('allow_points') && !(n > 0) ? Promise.reject(new Error(C.modelPointsNeeded)) : Promise.resolve(),
                }),
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {(
            [
              ['online', C.modelOnline],
              ['isFree', C.modelFree],
              ['high', C.modelHigh],
              ['reasoning', C.modelReasoning],
              ['isAttack', C.modelAttack],
              ['keepHistory', C.modelKeepHistory],
            ] as const
          ).map(([name, label]) => (
            <Col span={8} key={name}>
              <Form.Item name={name} label={label} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          <Col span={8}>
            <Form.Item
              name="uploadLimit"
              label={C.modelUploadLimit}
              rules={[{ required: true, message: C.required(C.modelUploadLimit) }, nonNegative(C.modelUploadLimit, 20)]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <ServerFieldErrors form={form} problem={problem} fields={FILE_FIELDS} />
      </Form>
    </EntryDrawer>
  );
}
