import { useEffect, useState } from 'react';
import { InputNumber, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { changedCells, gridRows, withCount, type GridRow, type TiersContent } from './tiers-grid';
import styles from './catalog.module.css';

/** 会员等级与每日次数 as a grid: one row per quota key, one column per level, each cell a daily count. */
export function TiersGrid({ loaded, value, onChange }: FormEditorProps<TiersContent>) {
  const changed = changedCells(loaded, value);
  const [rows, setRows] = useState<GridRow[]>(() => gridRows(value));
  useEffect(() => setRows(gridRows(value)), [value]);
  const columns: TableColumnsType<GridRow> = [
    {
      title: C.colQuotaKey,
      dataIndex: 'label',
      fixed: 'left',
      width: 150,
      render: (label: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.key}
          </Typography.Text>
        </Space>
      ),
    },
    ...value.levels.map((l) => ({
      title: l.name,
      key: String(l.vip),
      width: 110,
      render: (_: unknown, r: GridRow) => (
        <div className={changed.has(`${r.key}@${l.vip}`) ? styles.changed : undefined}>
          <InputNumber
            className={styles.cellInput}
            size="small"
            min={-1}
            max={100000}
            precision={0}
            value={r.counts[l.vip]}
            aria-label={`${r.label} ${l.name}`}
            data-testid={`tier-cell-${r.key}-${l.vip}`}
            onChange={(n) => typeof n === 'number' && onChange(withCount(value, r.key, l.vip, n))}
          />
        </div>
      ),
    })),
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{C.gridHint}</Typography.Paragraph>
      <Table rowKey="key" columns={columns} dataSource={rows} pagination={false} size="small" scroll={{ x: 150 + value.levels.length * 110 }} data-testid="tiers-grid" />
    </>
  );
}
