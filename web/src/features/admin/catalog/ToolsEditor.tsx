import { useMemo, useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C, TOOL_KINDS, type ToolKind, type ToolOverridesFile } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { namedIn } from './named-in';
import { filterToolRows, toolRows, withoutToolSetting, withToolSetting, type ToolRow } from './tools-form';
import { useTiersInfo } from './useTiersInfo';
import styles from './catalog.module.css';

/**
 * 工具 as a table over the whole registry: switch a tool off, change its points price or the quota key a run counts
 * on, inline. Only what differs from the registry goes into the document (tools-form.ts). A page (kind page) can
 * only be switched off: its feature charges by its own rules, which the server enforces too.
 */
export function ToolsEditor({ value, loaded, onChange, problem }: FormEditorProps<ToolOverridesFile>) {
  const [word, setWord] = useState('');
  const [kind, setKind] = useState<ToolKind | ''>('');
  const { quotaKeys } = useTiersInfo();
  const rows = useMemo(() => filterToolRows(toolRows(value), word, kind), [value, word, kind]);
  const loadedById = useMemo(() => new Map(toolRows(loaded).map((r) => [r.id, r])), [loaded]);
  const keyLabel = (key: string) => quotaKeys.find((q) => q.key === key)?.label ?? key;
  const set = (id: string, patch: Parameters<typeof withToolSetting>[2]) => onChange(withToolSetting(value, id, patch));
  const changed = (r: ToolRow) => {
    const was = loadedById.get(r.id);
    return !!was && (was.enabled !== r.enabled || was.points !== r.points || was.quotaKey !== r.quotaKey);
  };

  const columns: TableColumnsType<ToolRow> = [
    {
      title: C.toolTitle,
      key: 'title',
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>
            {r.icon} {r.title} {r.overridden && <Tag color="blue">{C.changedTag}</Tag>}
            {namedIn(problem, `tools.${r.id}`) && <Tag color="red">{C.errorTag}</Tag>}
          </span>
          <Typography.Text type="secondary" className={styles.sub}>
            {r.id}
          </Typography.Text>
        </Space>
      ),
    },
    { title: C.toolKind, dataIndex: 'kind', width: 90, render: (k: string) => C.toolKinds[k] ?? k },
    {
      title: C.toolEnabled,
      key: 'enabled',
      width: 80,
      render: (_, r) => <Switch size="small" checked={r.enabled} aria-label={`${r.title} ${C.toolEnabled}`} onChange={(on) => set(r.id, { enabled: on })} />,
    },
    {
      title: C.toolPoints,
      key: 'points',
      width: 150,
      render: (_, r) =>
        r.kind === 'page' ? (
          <Tooltip title={C.toolPageOnly}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          <Space orientation="vertical" size={0}>
            <InputNumber
              size="small"
              min={0}
              max={1_000_000}
              precision={0}
              value={r.points}
              aria-label={`${r.title} ${C.toolPoints}`}
              data-testid={`tool-points-${r.id}`}
              // An emptied field means the registry's price again (the file leaves the field out).
              onChange={(n) => set(r.id, { points: typeof n === 'number' && n >= 0 ? n : r.defaults.points })}
            />
            <Typography.Text type="secondary" className={styles.sub}>
              {C.defaultValue(r.defaults.points)}
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: C.toolQuotaKey,
      key: 'quotaKey',
      width: 250,
      render: (_, r) =>
        r.kind === 'page' ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Select
            size="small"
            className={styles.keySelect}
            value={r.quotaKey}
            aria-label={`${r.title} ${C.toolQuotaKey}`}
            onChange={(k: string) => set(r.id, { quotaKey: k })}
            options={[
              // A tool the registry leaves unmetered may go back to that; the file cannot name '' itself.
              ...(r.defaults.quotaKey === '' ? [{ value: '', label: C.toolQuotaNone }] : []),
              ...quotaOptions(quotaKeys, r.quotaKey, keyLabel),
            ]}
          />
        ),
    },
    {
      title: C.colAction,
      key: 'action',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button size="small" type="link" disabled={!r.overridden} onClick={() => onChange(withoutToolSetting(value, r.id))}>
          {C.toolRestore}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{C.toolsHint}</Typography.Paragraph>
      <Space className={styles.filters} wrap>
        <Input.Search allowClear placeholder={C.searchPlaceholder} value={word} onChange={(e) => setWord(e.target.value)} className={styles.search} data-testid="tools-search" />
        <Select
          className={styles.kindSelect}
          value={kind}
          onChange={setKind}
          options={[{ value: '', label: C.toolKindFilter }, ...TOOL_KINDS.map((k) => ({ value: k, label: C.toolKinds[k] ?? k }))]}
        />
      </Space>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={rows}
        size="small"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        rowClassName={(r) => (namedIn(problem, `tools.${r.id}`) ? (styles.errorRow ?? '') : changed(r) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 890 }}
        data-testid="tools-editor"
      />
    </>
  );
}

/** The tiers' quota keys as options, with the current key kept even when tiers does not list it (the server says why). */
function quotaOptions(keys: { key: string; label: string }[], current: string, label: (k: string) => string) {
  const opts = keys.map((q) => ({ value: q.key, label: `${q.label}（${q.key}）` }));
  if (current && !keys.some((q) => q.key === current)) opts.unshift({ value: current, label: label(current) });
  return opts;
}
