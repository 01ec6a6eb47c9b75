import { useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { ModelDrawer, type ModelDrawerValues } from './ModelDrawer';
import {
  filterModels,
  formValuesOf,
  newModelValues,
  withModel,
  withNewModel,
  withoutModel,
  type ModelEntryDoc,
  type ModelsContent,
} from './models-form';
import { namedIn } from './named-in';
import { useModelGroupLabels } from './useModelGroupLabels';
import { useTiersInfo } from './useTiersInfo';
import styles from './catalog.module.css';

/** What the drawer is open on: a model by key, or a new one (key null). */
type Editing = { key: string | null; values: ModelDrawerValues };

/**
 * 模型 as a table of the catalog's entries (name, vendor, price, gates, switches) with a drawer form to edit, add or
 * delete one. The fields the form leaves out (icon, request, children, upstreamExtra...) are edited in 高级; a new
 * entry gets them as most plain chat models have them (models-form.ts newModelEntry).
 */
export function ModelsEditor({ value, loaded, onChange, problem }: FormEditorProps<ModelsContent>) {
  const [word, setWord] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const tiers = useTiersInfo();
  const groupsOf = useModelGroupLabels();
  const rows = useMemo(() => filterModels(value.models, word), [value, word]);
  const loadedByKey = useMemo(() => new Map(loaded.models.map((m) => [m.key, JSON.stringify(m)])), [loaded]);
  const levelName = (vip: number) => tiers.levels.find((l) => l.vip === vip)?.name ?? String(vip);
  const faulty = (m: ModelEntryDoc) => namedIn(problem, `"${m.key}"`);
  /** New or edited since the load (not saved yet). */
  const changed = (m: ModelEntryDoc) => loadedByKey.get(m.key) !== JSON.stringify(m);

  const columns: TableColumnsType<ModelEntryDoc> = [
    {
      title: C.modelLabel,
      key: 'label',
      width: 200,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>
            {m.label} {faulty(m) ? <Tag color="red">{C.errorTag}</Tag> : changed(m) && <Tag color="blue">{C.changedTag}</Tag>}
          </span>
          <Typography.Text type="secondary" className={styles.sub}>
            {m.key}
          </Typography.Text>
        </Space>
      ),
    },
    { title: C.modelVendor, key: 'vendor', width: 140, render: (_, m) => `${formValuesOf(m).vendor} / ${formValuesOf(m).upstreamModel}` },
    {
      title: C.modelPoints,
      key: 'points',
      width: 110,
      render: (_, m) => {
        const v = formValuesOf(m);
        return v.allow_points ? `${v.consume_points}${v.only_points ? `（${C.modelOnlyPoints}）` : ''}` : '—';
      },
    },
    {
      title: C.modelTags,
      key: 'tags',
      width: 180,
      render: (_, m) => {
        const v = formValuesOf(m);
        return (
          <Space size={[0, 4]} wrap>
            {v.high && <Tag color="gold">{C.modelHighTag}</Tag>}
            {v.tags.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </Space>
        );
      },
    },
    {
      title: C.modelBlockedVips,
      key: 'blocked',
      width: 140,
      render: (_, m) => formValuesOf(m).blockedVips.map(levelName).join('、') || '—',
    },
    { title: C.modelOnline, key: 'online', width: 70, render: (_, m) => (formValuesOf(m).online ? '✓' : '—') },
    {
      title: C.colAction,
      key: 'action',
      width: 130,
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          <Button
            size="small"
            type="link"
            onClick={() => setEditing({ key: m.key, values: { ...formValuesOf(m), key: m.key } })}
            data-testid={`model-edit-${m.key}`}
          >
            {C.editEntry}
          </Button>
          {/* models.json needs one model at least; a group or parent still naming it is the server's refusal at 保存,
              which the confirm says beforehand for the groups (the row is gone by then, so only the page shows it). */}
          <Popconfirm
            title={groupsOf.get(m.key)?.length ? C.modelDeleteInGroups(m.label, groupsOf.get(m.key)!) : C.deleteConfirm(m.label)}
            disabled={value.models.length <= 1}
            onConfirm={() => onChange(withoutModel(value, m.key))}
          >
            <Button size="small" type="link" danger disabled={value.models.length <= 1} data-testid={`model-delete-${m.key}`}>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{C.modelsHint}</Typography.Paragraph>
      <Space className={styles.filters} wrap>
        <Button onClick={() => setEditing({ key: null, values: { ...newModelValues(), key: '' } })} data-testid="model-add">
          {C.modelAdd}
        </Button>
        <Input.Search
          allowClear
          placeholder={C.searchPlaceholder}
          value={word}
          onChange={(e) => setWord(e.target.value)}
          className={styles.search}
        />
      </Space>
      <Table
        rowKey="key"
        columns={columns}
        dataSource={rows}
        size="small"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        rowClassName={(m) => (faulty(m) ? (styles.errorRow ?? '') : changed(m) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 920 }}
        // An entry's `children` lists the models under it (keys, not rows): not a tree for the table.
        expandable={{ childrenColumnName: 'noTreeRows' }}
        data-testid="models-editor"
      />
      {editing && (
        <ModelDrawer
          initial={editing.values}
          isNew={editing.key === null}
          takenKeys={new Set(value.models.map((m) => m.key))}
          tiers={tiers}
          problem={editing.key !== null && namedIn(problem, `"${editing.key}"`) ? problem : null}
          onClose={() => setEditing(null)}
          onOk={({ key, ...v }) => {
            onChange(editing.key === null ? withNewModel(value, key.trim(), v) : withModel(value, editing.key, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
