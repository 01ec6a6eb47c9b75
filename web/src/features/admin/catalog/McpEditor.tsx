import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { McpDrawer } from './McpDrawer';
import { MCP_MAX_SERVERS, mcpEntryNamed, mcpValuesOf, newMcpValues, withMcpServer, withMcpStatus, withoutMcpServer, type McpContent, type McpFormValues, type McpServerDoc } from './mcp-form';
import styles from './catalog.module.css';

/** What the drawer is open on: an entry by index, or a new one. */
type Editing = { index: number | null; values: McpFormValues };

/** MCP 服务 as a table with an on/off switch per server and a drawer form to edit, add or delete one. */
export function McpEditor({ value, loaded, onChange, problem }: FormEditorProps<McpContent>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const loadedByName = useMemo(() => new Map(loaded.map((s) => [s.name, JSON.stringify(s)])), [loaded]);
  const full = value.length >= MCP_MAX_SERVERS;

  const columns: TableColumnsType<McpServerDoc> = [
    {
      title: M.mcpName,
      key: 'name',
      width: 170,
      render: (_, s, index) => (
        <span>
          {s.name} {mcpEntryNamed(problem, index, s.name) && <Tag color="red">{C.errorTag}</Tag>}
        </span>
      ),
    },
    { title: M.mcpDescription, dataIndex: 'description', ellipsis: true },
    { title: M.mcpUrl, dataIndex: 'url', width: 260, ellipsis: true },
    {
      title: M.mcpEnabled,
      key: 'status',
      width: 70,
      render: (_, s, index) => <Switch size="small" checked={s.status === 1} onChange={(on) => onChange(withMcpStatus(value, index, on))} aria-label={`${M.mcpEnabled} ${s.name}`} />,
    },
    {
      title: C.colAction,
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, s, index) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ index, values: mcpValuesOf(s) })} data-testid={`mcp-edit-${s.name}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(s.name)} onConfirm={() => onChange(withoutMcpServer(value, index))}>
            <Button size="small" type="link" danger>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{M.mcpHint}</Typography.Paragraph>
      <Space className={styles.filters}>
        <Button disabled={full} title={full ? M.mcpMax(MCP_MAX_SERVERS) : undefined} onClick={() => setEditing({ index: null, values: newMcpValues(value, M.mcpNewName) })} data-testid="mcp-add">
          {M.mcpAdd}
        </Button>
      </Space>
      <Table
        rowKey={(s) => `${value.indexOf(s)}`}
        columns={columns}
        dataSource={value}
        size="small"
        pagination={false}
        rowClassName={(s, index) => (mcpEntryNamed(problem, index, s.name) ? (styles.errorRow ?? '') : loadedByName.get(s.name) !== JSON.stringify(s) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 760 }}
        data-testid="mcp-editor"
      />
      {editing && (
        <McpDrawer
          initial={editing.values}
          isNew={editing.index === null}
          problem={editing.index !== null && mcpEntryNamed(problem, editing.index, value[editing.index]?.name ?? '') ? problem : null}
          takenNames={new Set(value.filter((_, i) => i !== editing.index).map((s) => s.name))}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withMcpServer(value, editing.index, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
