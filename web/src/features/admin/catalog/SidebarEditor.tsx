import { useMemo, useState } from 'react';
import { Button, Form, InputNumber, Popconfirm, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { SidebarDrawer } from './SidebarDrawer';
import { groupNamed, groupValuesOf, newGroupValues, withGroup, withGroupMoved, withoutGroup, type SidebarContent, type SidebarGroupDoc, type SidebarGroupValues } from './sidebar-form';
import styles from './catalog.module.css';

/** What the drawer is open on: a group by index, or a new one. */
type Editing = { index: number | null; values: SidebarGroupValues };

const carouselOk = (ms: number | null) => Number.isInteger(ms) && ms! >= 1000 && ms! <= 20_000;

/**
 * 侧边栏 as the two switches of the file, and its groups (菜单) in sidebar order with 上移/下移, each edited in a drawer
 * with its children. The carousel interval is only written when valid; the box shows the Chinese rule otherwise.
 */
export function SidebarEditor({ value, loaded, onChange, problem }: FormEditorProps<SidebarContent>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [carousel, setCarousel] = useState<number | null>(value.carouselIntervalMs);
  const loadedByKey = useMemo(() => new Map(loaded.groups.map((g) => [g.key, JSON.stringify(g)])), [loaded]);
  const last = value.groups.length - 1;

  const columns: TableColumnsType<SidebarGroupDoc> = [
    {
      title: M.sideOrder,
      key: 'order',
      width: 130,
      render: (_, g, index) => (
        <Space size={0}>
          <span className={styles.sub}>{index + 1}</span>
          <Button size="small" type="link" disabled={index === 0} onClick={() => onChange(withGroupMoved(value, index, -1))} aria-label={`${M.sideUp} ${g.label}`}>
            {M.sideUp}
          </Button>
          <Button size="small" type="link" disabled={index === last} onClick={() => onChange(withGroupMoved(value, index, 1))} aria-label={`${M.sideDown} ${g.label}`}>
            {M.sideDown}
          </Button>
        </Space>
      ),
    },
    {
      title: M.sideLabel,
      key: 'label',
      width: 200,
      render: (_, g, index) => (
        <span>
          {g.section && <Tag>{g.section}</Tag>} {g.label} {groupNamed(problem, index, g) && <Tag color="red">{C.errorTag}</Tag>}
        </span>
      ),
    },
    { title: M.sideKey, dataIndex: 'key', width: 120 },
    { title: M.sidePath, dataIndex: 'path', ellipsis: true, render: (p?: string) => p || <Typography.Text type="secondary">{M.sidePathNone}</Typography.Text> },
    { title: M.sideChildren, key: 'children', width: 80, render: (_, g) => M.sideChildCount(g.children?.length ?? 0) },
    {
      title: C.colAction,
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, g, index) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ index, values: groupValuesOf(g) })} data-testid={`sidebar-edit-${g.key}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(g.label)} disabled={last === 0} onConfirm={() => onChange(withoutGroup(value, index))}>
            <Button size="small" type="link" danger disabled={last === 0} title={last === 0 ? M.sideLastGroup : undefined}>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{M.sideHint}</Typography.Paragraph>
      <Form layout="inline" className={styles.filters}>
        <Form.Item label={M.sideAiAmuse}>
          <Switch checked={value.ai_amuse} onChange={(on) => onChange({ ...value, ai_amuse: on })} aria-label={M.sideAiAmuse} />
        </Form.Item>
        <Form.Item label={M.sideCarousel} htmlFor="sidebar-carousel" validateStatus={carouselOk(carousel) ? undefined : 'error'} help={carouselOk(carousel) ? undefined : M.sideCarouselRange}>
          <InputNumber
            id="sidebar-carousel"
            precision={0}
            step={500}
            value={carousel}
            onChange={(ms) => {
              setCarousel(ms);
              if (carouselOk(ms)) onChange({ ...value, carouselIntervalMs: ms! });
            }}
          />
        </Form.Item>
        <Form.Item>
          <Button onClick={() => setEditing({ index: null, values: newGroupValues(value, M.sideNewGroup) })} data-testid="sidebar-add">
            {M.sideAddGroup}
          </Button>
        </Form.Item>
      </Form>
      <Table
        rowKey={(g) => `${value.groups.indexOf(g)}:${g.key}`}
        columns={columns}
        dataSource={value.groups}
        size="small"
        pagination={false}
        // A group's `children` are its sub-items, not table rows: no tree expansion.
        expandable={{ childrenColumnName: 'noTreeRows' }}
        rowClassName={(g, index) =>
          groupNamed(problem, index, g) ? (styles.errorRow ?? '') : loadedByKey.get(g.key) !== JSON.stringify(g) || loaded.groups[index]?.key !== g.key ? (styles.changedRow ?? '') : ''
        }
        scroll={{ x: 800 }}
        data-testid="sidebar-editor"
      />
      {editing && (
        <SidebarDrawer
          initial={editing.values}
          isNew={editing.index === null}
          problem={editing.index !== null && groupNamed(problem, editing.index, value.groups[editing.index]) ? problem : null}
          takenKeys={new Set(value.groups.filter((_, i) => i !== editing.index).map((g) => g.key))}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withGroup(value, editing.index, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
