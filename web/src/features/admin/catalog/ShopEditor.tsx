import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { namedIn } from './named-in';
import { ShopDrawer } from './ShopDrawer';
import { newShopValues, shopValuesOf, withoutShopItem, withShopItem, type ShopContent, type ShopFormValues, type ShopItemDoc } from './shop-form';
import styles from './catalog.module.css';

/** What the drawer is open on: an item by id, or a new one. */
type Editing = { id: number | null; values: ShopFormValues };

/**
 * 商品 as a table of the shop's items (membership cards, points packs, video packs) with a drawer form to edit or
 * add one, and a delete (the shop keeps at least one item, as shop.json must).
 */
export function ShopEditor({ value, loaded, onChange, problem }: FormEditorProps<ShopContent>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const loadedById = useMemo(() => new Map(loaded.items.map((i) => [i.id, JSON.stringify(i)])), [loaded]);
  const faulty = (i: ShopItemDoc, index: number) => namedIn(problem, `item ${i.id}`) || namedIn(problem, `items.${index}`) || namedIn(problem, `id ${i.id}`);

  const columns: TableColumnsType<ShopItemDoc> = [
    { title: C.shopId, dataIndex: 'id', width: 80 },
    {
      title: C.shopName,
      key: 'name',
      width: 180,
      render: (_, i, index) => (
        <span>
          {i.shop_name} {i.tag && <Tag>{i.tag}</Tag>} {faulty(i, index) && <Tag color="red">{C.errorTag}</Tag>}
        </span>
      ),
    },
    { title: C.shopKind, dataIndex: 'kind', width: 90, render: (k: string) => C.shopKinds[k] ?? k },
    {
      title: C.shopPrice,
      key: 'price',
      width: 130,
      render: (_, i) => (
        <Space size={4}>
          <span>{C.yuan(i.shop_price)}</span>
          {!!i.shop_price_2 && (
            <Typography.Text type="secondary" delete>
              {C.yuan(i.shop_price_2)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: C.shopPoints, key: 'points', width: 100, render: (_, i) => i.grant.points ?? 0 },
    { title: C.shopDays, key: 'days', width: 90, render: (_, i) => (i.grant.vip ? C.daysText(i.grant.days ?? 0, !!i.grant.permanent) : '—') },
    {
      title: C.colAction,
      key: 'action',
      width: 130,
      fixed: 'right',
      render: (_, i) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ id: i.id, values: shopValuesOf(i) })} data-testid={`shop-edit-${i.id}`}>
            {C.editEntry}
          </Button>
          <Popconfirm title={C.deleteConfirm(i.shop_name)} disabled={value.items.length <= 1} onConfirm={() => onChange(withoutShopItem(value, i.id))}>
            <Button size="small" type="link" danger disabled={value.items.length <= 1} title={value.items.length <= 1 ? C.shopLastItem : undefined}>
              {C.deleteEntry}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{C.shopHint}</Typography.Paragraph>
      <Space className={styles.filters}>
        <Button onClick={() => setEditing({ id: null, values: newShopValues(value, C.shopNew) })} data-testid="shop-add">
          {C.shopAdd}
        </Button>
      </Space>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={value.items}
        size="small"
        pagination={false}
        rowClassName={(i, index) => (faulty(i, index) ? (styles.errorRow ?? '') : loadedById.get(i.id) !== JSON.stringify(i) ? (styles.changedRow ?? '') : '')}
        scroll={{ x: 800 }}
        data-testid="shop-editor"
      />
      {editing && (
        <ShopDrawer
          initial={editing.values}
          isNew={editing.id === null}
          problem={editing.id !== null && value.items.some((i, index) => i.id === editing.id && faulty(i, index)) ? problem : null}
          takenIds={new Set(value.items.filter((i) => i.id !== editing.id).map((i) => i.id))}
          onClose={() => setEditing(null)}
          onOk={(v) => {
            onChange(withShopItem(value, editing.id, v));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
