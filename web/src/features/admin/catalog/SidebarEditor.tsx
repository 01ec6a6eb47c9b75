import { useState } from 'react';
import { Button, Form, InputNumber, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_CHANNELS_MSG as M, ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { keysBesides, OrderedEntryTable, type EditingEntry } from './OrderedEntryTable';
import { SidebarDrawer } from './SidebarDrawer';
import { groupNamed, groupValuesOf, newGroupValues, withGroup, withGroupMoved, withoutGroup, type SidebarContent, type SidebarGroupDoc, type SidebarGroupValues } from './sidebar-form';
import styles from './catalog.module.css';

const carouselOk = (ms: number | null) => Number.isInteger(ms) && ms! >= 1000 && ms! <= 20_000;

/**
 * 侧边栏 as the two switches of the file, and its groups (菜单) in sidebar order with 上移/下移, each edited in a drawer
 * with its children. The carousel interval is only written when valid; the box shows the Chinese rule otherwise.
 */
export function SidebarEditor({ value, loaded, onChange, problem }: FormEditorProps<SidebarContent>) {
  const [editing, setEditing] = useState<EditingEntry<SidebarGroupValues> | null>(null);
  const [carousel, setCarousel] = useState<number | null>(value.carouselIntervalMs);

  const columns: TableColumnsType<SidebarGroupDoc> = [
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
      <OrderedEntryTable
        name="sidebar"
        entries={value.groups}
        loaded={loaded.groups}
        named={(index, g) => groupNamed(problem, index, g)}
        columns={columns}
        texts={{ order: M.sideOrder, up: M.sideUp, down: M.sideDown, lastEntry: M.sideLastGroup }}
        scrollX={800}
        onMove={(index, by) => onChange(withGroupMoved(value, index, by))}
        onEdit={(index, g) => setEditing({ index, values: groupValuesOf(g) })}
        onDelete={(index) => onChange(withoutGroup(value, index))}
      />
      {editing && (
        <SidebarDrawer
          initial={editing.values}
          isNew={editing.index === null}
          problem={editing.index !== null && groupNamed(problem, editing.index, value.groups[editing.index]) ? problem : null}
          takenKeys={keysBesides(value.groups, editing.index)}
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
