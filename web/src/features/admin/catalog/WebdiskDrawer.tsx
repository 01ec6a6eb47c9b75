import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { ServerFieldErrors } from './ServerFieldErrors';
import { isUrlTemplate, JSON_PATH_RE, WEBDISK_KEYS, WEBDISK_TABS, type WebdiskFormValues } from './webdisk-form';
import { EntryDrawer } from './EntryDrawer';

/** The file's field names the server's checks use, to the form field that edits them. */
const FILE_FIELDS: Record<string, keyof WebdiskFormValues> = {
  key: 'key',
  label: 'label',
  type: 'type',
  tab: 'tab',
  url: 'url',
  method: 'method',
  format: 'format',
  itemsPath: 'itemsPath',
  searchType: 'searchType',
  fields: 'fieldTitle',
  selectors: 'selItem',
};

/** A path (json formats) or a selector (html) the chosen format needs; the other format's boxes are not checked. */
const neededFor =
  (html: boolean, label: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_, v: string) => {
      if ((getFieldValue('format') === 'html') !== html) return Promise.resolve();
      if (!v?.trim()) return Promise.reject(new Error(html ? M.diskNeedsSelector(label) : M.diskNeedsPath(label)));
      if (!html && !JSON_PATH_RE.test(v.trim())) return Promise.reject(new Error(M.diskPathInvalid));
      if (html && v.trim().length > 200) return Promise.reject(new Error(M.diskSelectorTooLong));
      return Promise.resolve();
    },
  });

/**
 * One web-disk channel in a drawer form, with the checks of parseWebdiskChannels: a free configuration key, a label,
 * a free tab, an empty or http(s) URL template, and the items path and title/url paths of a json channel or the
 * item/title/url selectors of an html one.
 */
export function WebdiskDrawer({
  initial,
  takenKeys,
  takenTabs,
  isNew,
  problem,
  onOk,
  onClose,
}: {
  initial: WebdiskFormValues;
  /** Keys and tabs of the other channels. */
  takenKeys: ReadonlySet<string>;
  takenTabs: ReadonlySet<string>;
  isNew: boolean;
  problem: string | null;
  onOk: (v: WebdiskFormValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<WebdiskFormValues>();
  const format = Form.useWatch('format', form) ?? initial.format;
  const html = format === 'html';
  const tabLabel = (t: string) => M.diskTabs[t] ?? t;
  return (
    <EntryDrawer
      size={560}
      title={isNew ? M.diskAdd : `${C.editEntry}：${initial.label}`}
      testId="webdisk-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Form<WebdiskFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onOk} requiredMark={false}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="key"
              label={M.diskKey}
              rules={[
                { required: true, message: C.required(M.diskKey) },
                { validator: (_, k: string) => (takenKeys.has(k) ? Promise.reject(new Error(M.diskKeyTaken(k))) : Promise.resolve()) },
              ]}
            >
              <Select showSearch options={WEBDISK_KEYS.map((k) => ({ value: k, label: k, disabled: takenKeys.has(k) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="label" label={M.diskLabel} rules={[{ required: true, whitespace: true, message: C.required(M.diskLabel) }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="tab"
              label={M.diskTab}
              rules={[
                {
                  validator: (_, t: string) =>
                    t && takenTabs.has(t) ? Promise.reject(new Error(M.diskTabTaken(tabLabel(t)))) : Promise.resolve(),
                },
              ]}
            >
              <Select options={[{ value: '', label: M.diskTabNone }, ...WEBDISK_TABS.map((t) => ({ value: t, label: tabLabel(t) }))]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="type"
              label={M.diskType}
              rules={[
                { required: true, message: C.required(M.diskType) },
                { type: 'integer', min: 0, max: 99, message: C.nonNegative(M.diskType) },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="url"
              label={M.diskUrl}
              rules={[
                { validator: (_, v: string) => (isUrlTemplate(v ?? '') ? Promise.resolve() : Promise.reject(new Error(M.diskUrlInvalid))) },
              ]}
            >
              <Input placeholder="https://example.com/search?q={keyword}&page={page}" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="method" label={M.diskMethod}>
              <Select options={['GET', 'POST'].map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="format" label={M.diskFormat}>
              <Select options={Object.entries(M.diskFormats).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="searchType" label={M.diskSearchType}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          {/* Both kinds stay mounted (hidden when not in use) so switching format keeps what was typed. */}
          <Col span={24} hidden={html}>
            <Form.Item name="itemsPath" label={M.diskItemsPath} dependencies={['format']} rules={[neededFor(false, M.diskItemsPath)]}>
              <Input placeholder="result.items" />
            </Form.Item>
          </Col>
          <Col span={12} hidden={html}>
            <Form.Item name="fieldTitle" label={M.diskFieldTitle} dependencies={['format']} rules={[neededFor(false, M.diskFieldTitle)]}>
              <Input placeholder="title" />
            </Form.Item>
          </Col>
          <Col span={12} hidden={html}>
            <Form.Item name="fieldUrl" label={M.diskFieldUrl} dependencies={['format']} rules={[neededFor(false, M.diskFieldUrl)]}>
              <Input placeholder="url" />
            </Form.Item>
          </Col>
          <Col span={24} hidden={!html}>
            <Typography.Paragraph type="secondary">{M.diskSelectorHint}</Typography.Paragraph>
          </Col>
          <Col span={8} hidden={!html}>
            <Form.Item name="selItem" label={M.diskSelItem} dependencies={['format']} rules={[neededFor(true, M.diskSelItem)]}>
              <Input placeholder=".result" />
            </Form.Item>
          </Col>
          <Col span={8} hidden={!html}>
            <Form.Item name="selTitle" label={M.diskSelTitle} dependencies={['format']} rules={[neededFor(true, M.diskSelTitle)]}>
              <Input placeholder="a" />
            </Form.Item>
          </Col>
          <Col span={8} hidden={!html}>
            <Form.Item name="selUrl" label={M.diskSelUrl} dependencies={['format']} rules={[neededFor(true, M.diskSelUrl)]}>
              <Input placeholder="a@href" />
            </Form.Item>
          </Col>
        </Row>
        <ServerFieldErrors form={form} problem={problem} fields={FILE_FIELDS} />
      </Form>
    </EntryDrawer>
  );
}
