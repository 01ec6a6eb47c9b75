import { Form, Input, Switch, Typography } from 'antd';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { isHttpUrl, MCP_NAME_RE, type McpFormValues } from './mcp-form';
import { ServerFieldErrors } from './ServerFieldErrors';
import { EntryDrawer } from './EntryDrawer';

/** The file's field names the server's checks use, to the form field that edits them. */
const FILE_FIELDS: Record<string, keyof McpFormValues> = { name: 'name', description: 'description', url: 'url', status: 'enabled' };

/** One MCP server in a drawer form, with the checks of McpServersFileSchema: the name rule, a free name, an http(s) URL. */
export function McpDrawer({
  initial,
  takenNames,
  isNew,
  problem,
  onOk,
  onClose,
}: {
  initial: McpFormValues;
  /** Names of the other servers. */
  takenNames: ReadonlySet<string>;
  isNew: boolean;
  problem: string | null;
  onOk: (v: McpFormValues) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<McpFormValues>();
  return (
    <EntryDrawer
      size={480}
      title={isNew ? M.mcpAdd : `${C.editEntry}：${initial.name}`}
      testId="mcp-drawer"
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Form<McpFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onOk} requiredMark={false}>
        <Form.Item
          name="name"
          label={M.mcpName}
          rules={[
            { required: true, message: C.required(M.mcpName) },
            { pattern: MCP_NAME_RE, message: M.mcpNameInvalid },
            {
              validator: (_, v: string) =>
                takenNames.has(v?.trim()) ? Promise.reject(new Error(M.mcpNameTaken(v.trim()))) : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={24} />
        </Form.Item>
        <Form.Item
          name="description"
          label={M.mcpDescription}
          rules={[
            { required: true, whitespace: true, message: C.required(M.mcpDescription) },
            { max: 200, message: M.mcpDescriptionTooLong },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item
          name="url"
          label={M.mcpUrl}
          rules={[
            { required: true, message: C.required(M.mcpUrl) },
            { validator: (_, v: string) => (isHttpUrl(v ?? '') ? Promise.resolve() : Promise.reject(new Error(M.mcpUrlInvalid))) },
          ]}
        >
          <Input placeholder="https://example.com/mcp" />
        </Form.Item>
        <Form.Item label={M.mcpType}>
          <Typography.Text>{M.mcpTypeStreamable}</Typography.Text>
        </Form.Item>
        <Form.Item name="enabled" label={M.mcpEnabled} valuePropName="checked">
          <Switch />
        </Form.Item>
        <ServerFieldErrors form={form} problem={problem} fields={FILE_FIELDS} />
      </Form>
    </EntryDrawer>
  );
}
