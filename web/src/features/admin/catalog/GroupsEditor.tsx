import { useState } from 'react';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
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
import { keysBesides, OrderedEntryTable, type EditingEntry } from './OrderedEntryTable';
import { useCatalogModels } from './useCatalogModels';
import styles from './catalog.module.css';

/** How many model keys a row shows before "…". */
const ROW_MODELS = 4;

/**
 * 模型分组 as the groups in the order the model pickers show them, with 上移/下移, each edited in a drawer (key, name,
 * icon and its models, picked from the models document). Fields of a group the form does not show are kept.
 */
export function GroupsEditor({ value, loaded, onChange, problem }: FormEditorProps<GroupsContent>) {
  const [editing, setEditing] = useState<EditingEntry<ModelGroupValues> | null>(null);
  const models = useCatalogModels();

  const columns: TableColumnsType<ModelGroupDoc> = [
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
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{M.hint}</Typography.Paragraph>
      <Space className={styles.filters}>
        <Button onClick={() => setEditing({ index: null, values: newModelGroupValues(value, M.newLabel) })} data-testid="groups-add">
          {M.add}
        </Button>
      </Space>
      <OrderedEntryTable
        name="groups"
        entries={value.groups}
        loaded={loaded.groups}
        named={(index, g) => modelGroupNamed(problem, index, g)}
        columns={columns}
        texts={{ order: M.order, up: M.up, down: M.down, lastEntry: M.lastGroup }}
        scrollX={760}
        onMove={(index, by) => onChange(withModelGroupMoved(value, index, by))}
        onEdit={(index, g) => setEditing({ index, values: modelGroupValuesOf(g) })}
        onDelete={(index) => onChange(withoutModelGroup(value, index))}
      />
      {editing && (
        <ModelGroupDrawer
          initial={editing.values}
          isNew={editing.index === null}
          models={models}
          problem={editing.index !== null && modelGroupNamed(problem, editing.index, value.groups[editing.index]) ? problem : null}
          takenKeys={keysBesides(value.groups, editing.index)}
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
