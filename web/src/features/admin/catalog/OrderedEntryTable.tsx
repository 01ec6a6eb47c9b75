import { useMemo } from 'react';
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import styles from './catalog.module.css';

/** An entry of an ordered list the console edits in a drawer (a model group, a sidebar group). */
export interface OrderedEntry {
  key: string;
  label: string;
}

/** What an entry's drawer is open on: an entry by index, or a new one (`null`). */
export interface EditingEntry<V> {
  index: number | null;
  values: V;
}

/** The texts of the order column and of the delete button of the last entry, from the document's messages. */
export interface OrderedEntryTexts {
  order: string;
  up: string;
  down: string;
  lastEntry: string;
}

interface OrderedEntryTableProps<T extends OrderedEntry> {
  /** Names the test ids: `<name>-editor` on the table, `<name>-edit-<key>` on an entry's 编辑. */
  name: string;
  entries: T[];
  /** The entries as loaded: a row that differs (or moved) is marked as changed. */
  loaded: T[];
  /** Whether the server's last refusal names the entry: its row is marked as in error. */
  named: (index: number, entry: T) => boolean;
  /** The document's own columns, between the order column and the actions. */
  columns: TableColumnsType<T>;
  texts: OrderedEntryTexts;
  scrollX: number;
  onMove: (index: number, by: -1 | 1) => void;
  onEdit: (index: number, entry: T) => void;
  onDelete: (index: number) => void;
}

/**
 * The table of an ordered list of entries: the position with 上移/下移 (named `上移 <label>` for assistive tech and the
 * e2e specs), the document's columns, and 编辑/删除 (the last entry cannot be deleted: the list may not be empty).
 * Rows the refusal names are marked as errors, rows changed since loading as changed.
 */
export function OrderedEntryTable<T extends OrderedEntry>({ name, entries, loaded, named, columns, texts, scrollX, onMove, onEdit, onDelete }: OrderedEntryTableProps<T>) {
  const last = entries.length - 1;
  const loadedByKey = useMemo(() => new Map(loaded.map((e) => [e.key, JSON.stringify(e)])), [loaded]);
  const changed = (e: T, index: number) => loadedByKey.get(e.key) !== JSON.stringify(e) || loaded[index]?.key !== e.key;

  const all: TableColumnsType<T> = [
    {
      title: texts.order,
      key: 'order',
      width: 130,
      render: (_, e, index) => (
        <Space size={0}>
          <span className={styles.sub}>{index + 1}</span>
          <Button size="small" type="link" disabled={index === 0} onClick={() => onMove(index, -1)} aria-label={`${texts.up} ${e.label}`}>
            {texts.up}
          </Button>
          <Button size="small" type="link" disabled={index === last} onClick={() => onMove(index, 1)} aria-label={`${texts.down} ${e.label}`}>
            {texts.down}
          </Button>
        </Space>
      ),
    },
    ...columns,
    {
      title: C.colAction,
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, e, index) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => onEdit(index, e)} data-testid={`${name}-edit-${e.key}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(e.label)} disabled={last === 0} onConfirm={() => onDelete(index)}>
            <Button size="small" type="link" danger disabled={last === 0} title={last === 0 ? texts.lastEntry : undefined}>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table
      rowKey={(e) => `${entries.indexOf(e)}:${e.key}`}
      columns={all}
      dataSource={entries}
      size="small"
      pagination={false}
      // An entry's fields are data (a sidebar group's `children` are its sub-items), never nested table rows.
      expandable={{ childrenColumnName: 'noTreeRows' }}
      rowClassName={(e, index) => (named(index, e) ? (styles.errorRow ?? '') : changed(e, index) ? (styles.changedRow ?? '') : '')}
      scroll={{ x: scrollX }}
      data-testid={`${name}-editor`}
    />
  );
}

/** The keys of the entries other than the one being edited: a key the drawer must not take. */
export const keysBesides = (entries: readonly OrderedEntry[], index: number | null) => new Set(entries.filter((_, i) => i !== index).map((e) => e.key));
