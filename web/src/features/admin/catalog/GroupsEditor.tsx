import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_GROUPS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import {
  modelGroupNamed,
  modelGroupValuesOf,
  newModelGroupValues,
  withModelGroup,
  withModelGroupMoved,
  withoutModelGroup,
  type GroupsContent,
  type ModelGroupDoc,
  type ModelGroupValues,
  unknownModels,
} from './groups-form';
import { ModelGroupDrawer } from './ModelGroupDrawer';
import { useCatalogModels } from './useCatalogModels';
import styles from './catalog.module.css';

/** What the drawer is open on: a group by index, or a new one. */
type Editing = { index: number | null; values: ModelGroupValues };

/** How many model keys a row shows before "…". */
const ROW_MODELS = 4;

/**
 * 模型分组 as the groups in the order the model pickers show them, with 上移/下移, each edited in a drawer (key, name,
 * icon and its models, picked from the models document). Fields of a group the form does not show are kept.
 */
export function GroupsEditor({ value, loaded, onChange, problem }: FormEditorProps<GroupsContent>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const models = useCatalogModels();
  const loadedByKey = useMemo(() => new Map(loaded.groups.map((g) => [g.key, JSON.stringify(g)])), [loaded]);
  const last = value.groups.length - 1;

  const columns: TableColumnsType<ModelGroupDoc> = [
    {
      title: M.order,
      key: 'order',
      width: 130,
      render: (_, g, index) => (
        <Space size={0}>
          <span className={styles.sub}>{index + 1}</span>
          <Button size="small" type="link" disabled={index === 0} onClick={() => onChange(withModelGroupMoved(value, index, -1))} aria-label={`${M.up} ${g.label}`}>
            {M.up}
          </Button>
          <Button size="small" type="link" disabled={index === last} onClick={() => onChange(withModelGroupMoved(value, index, 1))} aria-label={`${M.down} ${g.label}`}>
            {M.down}
          </Button>
        </Space>
      ),
    },
    {
      title: M.label,
      key: 'label',
      width: 180,
      render: (_, g, index) => (
        <span>
          {typeof g.icon === 'string' && <img src={g.icon} alt="" width={16} height={16} />} {g.label} {modelGroupNamed(problem, index, g) && <Tag color="red">{C.errorTag}</Tag>}
        </span>
      ),
    },
    { title: M.key, dataIndex: 'key', width: 120 },
    {
      title: M.models,
      key: 'models',
      ellipsis: true,
      render: (_, g) => (
        <span title={g.models.join('、')}>
          {unknownModels(g.models, models.known).length > 0 && (
            // Checked here too: a model deleted in the models document leaves the group unsavable until fixed.
            <Tag color="orange" title={unknownModels(g.models, models.known).join('、')}>
              {M.unknownTag}
            </Tag>
          )}
          {M.modelCount(g.models.length)}
          <Typography.Text type="secondary" className={styles.sub}>
            {' '}
            {g.models.slice(0, ROW_MODELS).join('、')}
            {g.models.length > ROW_MODELS ? '…' : ''}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: C.colAction,
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, g, index) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ index, values: modelGroupValuesOf(g) })} data-testid={`groups-edit-${g.key}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(g.label)} disabled={last === 0} onConfirm={() => onChange(withoutModelGroup(value, index))}>
            <Button size="small" type="link" danger disabled={last === 0} title={last === 0 ? M.lastGroup : undefined}>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{M.hint}</Typography.Paragraph>
      <Space className={styles.filters}>
        <Button onClick={() => setEditing({ index: null, values: newModelGroupValues(value, M.newLabel) })} data-testid="groups-add">
          {M.add}
        </Button>
      </Space>
      <Table
        rowKey={(g) => `${value.groups.indexOf(g)}:${g.key}`}
        columns={columns}
        dataSource={value.groups}
        size="small"
        pagination={false}
        rowClassName={(g, index) =>
          modelGroupNamed(problem, index, g) ? (styles.errorRow ?? '') : loadedByKey.get(g.key) !== JSON.stringify(g) || loaded.groups[index]?.key !== g.key ? (styles.changedRow ?? '') : ''
        }
        scroll={{ x: 760 }}
        data-testid="groups-editor"
      />
      {editing && (
        <ModelGroupDrawer
          initial={editing.values}
          isNew={editing.index === null}
          models={models}
          problem={editing.index !== null && modelGroupNamed(problem, editing.index, value.groups[editing.index]) ? problem : null}
          takenKeys={new Set(value.groups.filter((_, i) => i !== editing.index).map((g) => g.key))}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withModelGroup(value, editing.index, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
