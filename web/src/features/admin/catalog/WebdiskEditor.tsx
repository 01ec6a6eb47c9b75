import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { WebdiskDrawer } from './WebdiskDrawer';
import { channelNamed, newChannelValues, webdiskValuesOf, withChannel, withoutChannel, type WebdiskChannelDoc, type WebdiskContent, type WebdiskFormValues } from './webdisk-form';
import styles from './catalog.module.css';

/** What the drawer is open on: a channel by index, or a new one. */
type Editing = { index: number | null; values: WebdiskFormValues };

/** 网盘渠道 as a table of the search channels (key, tab, URL template, format) with a drawer form to edit, add or delete one. */
export function WebdiskEditor({ value, loaded, onChange, problem }: FormEditorProps<WebdiskContent>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const loadedByKey = useMemo(() => new Map(loaded.channels.map((c) => [c.key, JSON.stringify(c)])), [loaded]);
  const fresh = newChannelValues(value, M.diskNewLabel);
  const others = (index: number | null) => value.channels.filter((_, i) => i !== index);

  const columns: TableColumnsType<WebdiskChannelDoc> = [
    {
      title: M.diskLabel,
      key: 'label',
      width: 160,
      render: (_, c, index) => (
        <span>
          {c.label} {channelNamed(problem, index, c) && <Tag color="red">{C.errorTag}</Tag>}
        </span>
      ),
    },
    { title: M.diskKey, dataIndex: 'key', width: 130 },
    { title: M.diskTab, dataIndex: 'tab', width: 110, render: (t?: string) => (t ? (M.diskTabs[t] ?? t) : '—') },
    { title: M.diskUrl, dataIndex: 'url', ellipsis: true, render: (u: string) => u || <Typography.Text type="secondary">{M.diskUrlEmpty}</Typography.Text> },
    { title: M.diskFormat, dataIndex: 'format', width: 110, render: (f: string, c) => `${f}${c.method === 'POST' ? ' · POST' : ''}` },
    {
      title: C.colAction,
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, c, index) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ index, values: webdiskValuesOf(c) })} data-testid={`webdisk-edit-${c.key}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(c.label)} onConfirm={() => onChange(withoutChannel(value, index))}>
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
      <Typography.Paragraph type="secondary">{M.diskHint}</Typography.Paragraph>
      <Space className={styles.filters}>
        <Button disabled={!fresh} title={fresh ? undefined : M.diskAllKeysUsed} onClick={() => fresh && setEditing({ index: null, values: fresh })} data-testid="webdisk-add">
          {M.diskAdd}
        </Button>
      </Space>
      <Table
        rowKey="key"
        columns={columns}
        dataSource={value.channels}
        size="small"
        pagination={false}
        rowClassName={(c, index) => (channelNamed(problem, index, c) ? (styles.errorRow ?? '') : loadedByKey.get(c.key) !== JSON.stringify(c) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 800 }}
        data-testid="webdisk-editor"
      />
      {editing && (
        <WebdiskDrawer
          initial={editing.values}
          isNew={editing.index === null}
          problem={editing.index !== null && channelNamed(problem, editing.index, value.channels[editing.index]) ? problem : null}
          takenKeys={new Set(others(editing.index).map((c) => c.key))}
          takenTabs={new Set(others(editing.index).flatMap((c) => (c.tab ? [c.tab] : [])))}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withChannel(value, editing.index, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
