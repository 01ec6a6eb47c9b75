import { useMemo, useState } from 'react';
import { Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { ModelDrawer } from './ModelDrawer';
import { filterModels, formValuesOf, withModel, type ModelEntryDoc, type ModelsContent } from './models-form';
import { namedIn } from './named-in';
import { useTiersInfo } from './useTiersInfo';
import styles from './catalog.module.css';

/**
 * 模型 as a table of the catalog's entries (name, vendor, price, gates, switches) with a drawer form per entry. New
 * entries and the fields the form leaves out (icon, request, children, upstreamExtra...) are edited in 高级.
 */
export function ModelsEditor({ value, loaded, onChange, problem }: FormEditorProps<ModelsContent>) {
  const [word, setWord] = useState('');
  const [editing, setEditing] = useState<ModelEntryDoc | null>(null);
  const tiers = useTiersInfo();
  const rows = useMemo(() => filterModels(value.models, word), [value, word]);
  const loadedByKey = useMemo(() => new Map(loaded.models.map((m) => [m.key, JSON.stringify(m)])), [loaded]);
  const levelName = (vip: number) => tiers.levels.find((l) => l.vip === vip)?.name ?? String(vip);
  const faulty = (m: ModelEntryDoc) => namedIn(problem, `"${m.key}"`);

  const columns: TableColumnsType<ModelEntryDoc> = [
    {
      title: C.modelLabel,
      key: 'label',
      width: 200,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>
            {m.label} {faulty(m) && <Tag color="red">{C.errorTag}</Tag>}
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
      width: 80,
      fixed: 'right',
      render: (_, m) => (
        <Button size="small" type="link" onClick={() => setEditing(m)} data-testid={`model-edit-${m.key}`}>
          {C.editEntry}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{C.modelsHint}</Typography.Paragraph>
      <Space className={styles.filters} wrap>
        <Input.Search allowClear placeholder={C.searchPlaceholder} value={word} onChange={(e) => setWord(e.target.value)} className={styles.search} />
      </Space>
      <Table
        rowKey="key"
        columns={columns}
        dataSource={rows}
        size="small"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        rowClassName={(m) => (faulty(m) ? (styles.errorRow ?? '') : loadedByKey.get(m.key) !== JSON.stringify(m) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 920 }}
        // An entry's `children` lists the models under it (keys, not rows): not a tree for the table.
        expandable={{ childrenColumnName: 'noTreeRows' }}
        data-testid="models-editor"
      />
      {editing && (
        <ModelDrawer
          entry={editing}
          tiers={tiers}
          problem={faulty(editing) ? problem : null}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withModel(value, editing.key, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
