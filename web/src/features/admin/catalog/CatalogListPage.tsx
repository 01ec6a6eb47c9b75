import { App, Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ADMIN_CATALOG_PAGE_MSG as C, MSG, type AdminCatalogItem } from '@wanxiang/contract';
import { adminCatalogList, adminCatalogReset } from '../../../api/admin-catalog';
import { formatTime } from '../format';
import { PageHead } from '../PageHead';
import { errorText, useLoad } from '../useLoad';

/** /admin/catalog: the operator documents, where each one's content comes from, and a way back to the file. */
export function CatalogListPage() {
  const { message } = App.useApp();
  const { data, loading, error, reload } = useLoad('catalog', (signal) => adminCatalogList({ signal }));

  const reset = async (item: AdminCatalogItem) => {
    try {
      await adminCatalogReset(item.name);
      void message.success(MSG.adminCatalogReset);
    } catch (err) {
      void message.error(errorText(err));
    }
    reload();
  };

  const columns: TableColumnsType<AdminCatalogItem> = [
    {
      title: C.colDocument,
      dataIndex: 'label',
      render: (label: string, item) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/admin/catalog/${item.name}`}>{label}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.file}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: C.colSource,
      dataIndex: 'source',
      width: 130,
      render: (s: string) => (s === 'database' ? <Tag color="orange">{C.sourceDatabase}</Tag> : <Tag>{C.sourceFile}</Tag>),
    },
    { title: C.colVersion, dataIndex: 'version', width: 80, render: (v: number) => (v > 0 ? v : C.never) },
    {
      title: C.colUpdated,
      width: 220,
      render: (_: unknown, item) => (item.updatedAt ? `${formatTime(item.updatedAt)}${item.updatedBy ? ` · ${C.byAdmin(item.updatedBy)}` : ''}` : C.never),
    },
    {
      title: C.colActions,
      width: 200,
      render: (_: unknown, item) => (
        <Space>
          <Link to={`/admin/catalog/${item.name}`}>
            <Button size="small">{C.edit}</Button>
          </Link>
          {item.source === 'database' && (
            <Popconfirm title={C.resetConfirm(item.label)} onConfirm={() => reset(item)}>
              <Button size="small" danger>
                {C.reset}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="admin-catalog">
      <PageHead title={C.title}>
        <Typography.Text type="secondary">{C.intro}</Typography.Text>
      </PageHead>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table rowKey="name" columns={columns} dataSource={data?.list ?? []} loading={loading} pagination={false} scroll={{ x: 760 }} />
    </div>
  );
}
