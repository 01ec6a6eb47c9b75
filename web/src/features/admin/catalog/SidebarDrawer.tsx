import { useEffect } from 'react';
import { Button, Col, Form, Input, Row, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { ServerFieldErrors } from './ServerFieldErrors';
import { childFieldNamed, SIDEBAR_KEY_RE, SIDEBAR_ROUTE_RE, type SidebarChildValues, type SidebarGroupValues } from './sidebar-form';
import styles from './catalog.module.css';
import { EntryDrawer } from './EntryDrawer';

/** The group's own fields the server's checks name (a child's fields are placed by ChildFieldError). */
const FILE_FIELDS: Record<string, keyof SidebarGroupValues> = {
  key: 'key',
  label: 'label',
  icon: 'icon',
  path: 'path',
  section: 'section',
  hideInDesktopClient: 'hideInDesktopClient',
};

const maxLen = (field: string, max: number): Rule => ({ max, message: M.sideTooLong(field, max) });
const route: Rule = { pattern: SIDEBAR_ROUTE_RE, message: M.sideRouteInvalid };
const keyRule: Rule = { pattern: SIDEBAR_KEY_RE, message: M.sideKeyInvalid };

/** A refusal about a child goes under that child's box; one about the group under the group's fields. */
function ChildFieldError({
  form,
  problem,
  childrenAt,
}: {
  form: ReturnType<typeof Form.useForm<SidebarGroupValues>>[0];
  problem: string | null;
  childrenAt: SidebarChildValues[];
}) {
  useEffect(() => {
    const at = childFieldNamed(problem, childrenAt);
    if (problem && at) form.setFields([{ name: ['children', at.index, at.field], errors: [problem] }]);
  }, [form, problem, childrenAt]);
  return null;
}

/**
 * One sidebar group (菜单) in a drawer form, with its children in order (上移/下移), and the checks of
 * SidebarFileSchema and parseSidebarFile: key rule, free group key, child keys unique in the group, label lengths,
 * paths starting with /.
 */
export function SidebarDrawer({
  initial,
  takenKeys,
  isNew,
  problem,
  onOk,
  onClose,
}: {
  initial: SidebarGroupValues;
  /** Keys of the other groups. */
  takenKeys: ReadonlySet<string>;
  isNew: boolean;
  problem: string | null;
  onOk: (v: SidebarGroupValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SidebarGroupValues>();
  const childProblem = childFieldNamed(problem, initial.children) ? problem : null;
  const uniqueChildKey: Rule = ({ getFieldValue }) => ({
    validator: (rule, key: string) => {
      const index = Number((rule as { field?: string }).field?.split('.')[1]);
      const kids = (getFieldValue('children') ?? []) as SidebarChildValues[];
      return kids.some((c, i) => i < index && c?.key?.trim() === key?.trim())
        ? Promise.reject(new Error(M.sideChildKeyTaken(key)))
        : Promise.resolve();
    },
  });
  return (
    <EntryDrawer
      size={720}
      title={isNew ? M.sideAddGroup : `${C.editEntry}：${initial.label}`}
      testId="sidebar-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      {/* The whole store, not only the registered boxes: a child's fields the form does not show (dot…) ride along. */}
      <Form<SidebarGroupValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => onOk(form.getFieldsValue(true) as SidebarGroupValues)}
        requiredMark={false}
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="key"
              label={M.sideKey}
              rules={[
                { required: true, message: C.required(M.sideKey) },
                keyRule,
                {
                  validator: (_, k: string) =>
                    takenKeys.has(k?.trim()) ? Promise.reject(new Error(M.sideGroupKeyTaken(k.trim()))) : Promise.resolve(),
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="label"
              label={M.sideLabel}
              rules={[{ required: true, whitespace: true, message: C.required(M.sideLabel) }, maxLen(M.sideLabel, 12)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="icon"
              label={M.sideIcon}
              rules={[{ required: true, whitespace: true, message: C.required(M.sideIcon) }, maxLen(M.sideIcon, 40)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="path" label={M.sidePath} rules={[route]}>
              <Input placeholder={M.sidePathNone} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="section" label={M.sideSection} rules={[maxLen(M.sideSection, 12)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="hideInDesktopClient" label={M.sideHideDesktop} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{M.sideChildren}</Typography.Title>
        <Form.List name="children">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((f, i) => (
                <Row key={f.key} gutter={8} align="top" data-testid={`sidebar-child-${i}`}>
                  <Col span={5}>
                    <Form.Item
                      name={[f.name, 'key']}
                      label={i === 0 ? M.sideChildKey : undefined}
                      rules={[{ required: true, message: C.required(M.sideKey) }, keyRule, uniqueChildKey]}
                    >
                      <Input aria-label={`${M.sideChildren}${i + 1} ${M.sideKey}`} />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item name={[f.name, 'label']} label={i === 0 ? M.sideChildLabel : undefined} rules={[maxLen(M.sideLabel, 20)]}>
                      <Input aria-label={`${M.sideChildren}${i + 1} ${M.sideLabel}`} placeholder={M.sideChildLabelEmpty} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item
                      name={[f.name, 'path']}
                      label={i === 0 ? M.sideChildPath : undefined}
                      rules={[{ required: true, message: C.required(M.sidePath) }, route]}
                    >
                      <Input aria-label={`${M.sideChildren}${i + 1} ${M.sidePath}`} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[f.name, 'premium']} label={i === 0 ? M.sidePremium : undefined} valuePropName="checked">
                      <Switch size="small" aria-label={`${M.sideChildren}${i + 1} ${M.sidePremium}`} />
                    </Form.Item>
                  </Col>
                  <Col span={5} className={i === 0 ? styles.childActionsFirst : undefined}>
                    <Space size={0}>
                      <Button
                        size="small"
                        type="link"
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                        aria-label={`${M.sideUp} ${i + 1}`}
                      >
                        {M.sideUp}
                      </Button>
                      <Button
                        size="small"
                        type="link"
                        disabled={i === fields.length - 1}
                        onClick={() => move(i, i + 1)}
                        aria-label={`${M.sideDown} ${i + 1}`}
                      >
                        {M.sideDown}
                      </Button>
                      <Button size="small" type="link" danger onClick={() => remove(f.name)}>
                        {C.deleteEntry}
                      </Button>
                    </Space>
                  </Col>
                </Row>
              ))}
              <Button type="dashed" onClick={() => add({ key: '', label: '', path: '/' })} data-testid="sidebar-add-child">
                {M.sideAddChild}
              </Button>
            </>
          )}
        </Form.List>
        <ServerFieldErrors form={form} problem={childProblem ? null : problem} fields={FILE_FIELDS} />
        <ChildFieldError form={form} problem={childProblem} childrenAt={initial.children} />
      </Form>
    </EntryDrawer>
  );
}
