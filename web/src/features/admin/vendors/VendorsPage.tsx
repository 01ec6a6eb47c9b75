import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ADMIN_VENDORS_MSG as V, type AdminVendorItem } from '@wanxiang/contract';
import { adminResetVendor, adminTestVendor, adminVendors } from '../../../api/admin-vendors';
import { PageHead } from '../PageHead';
import { errorText, useLoad } from '../useLoad';
import { VendorEditModal } from './VendorEditModal';
import { errorRateLevel, errorRateText, keyText, latencyText, SOURCE_COLORS } from './vendor-view';
import styles from './vendors.module.css';

const RATE_TYPE = { ok: 'success', warning: 'warning', error: 'danger', none: 'secondary' } as const;

/** /admin/vendors: every vendor with its source, key tail, base URL and numbers; edit, test and reset the chat vendors. */
export function VendorsPage() {
  const { message, modal } = App.useApp();
  const { data, loading, error, reload } = useLoad('vendors', (signal) => adminVendors({ signal }));
  const [editing, setEditing] = useState<AdminVendorItem | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const test = async (v: AdminVendorItem) => {
    setTesting(v.id);
    try {
      const res = await adminTestVendor(v.id);
      const show = res.ok ? modal.success : modal.error;
      show({ title: `${v.name}：${res.ok ? V.testTitleOk : V.testTitleFailed}`, content: res.message });
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setTesting(null);
      reload();
    }
  };

  const reset = async (v: AdminVendorItem) => {
    try {
      await adminResetVendor(v.id);
      void message.success(V.adminVendorReset);
      reload();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<AdminVendorItem> = [
    {
      title: V.colVendor,
      dataIndex: 'name',
      width: 190,
      render: (name: string, v) => (
        <Space orientation="vertical" size={0}>
          <span>{name}</span>
          <Typography.Text type="secondary" className={styles.mono}>
            {v.id}
          </Typography.Text>
        </Space>
      ),
    },
    { title: V.colKind, dataIndex: 'kind', width: 90, render: (k: string) => V.adminVendorKinds[k] ?? k },
    {
      title: V.colSource,
      dataIndex: 'source',
      width: 100,
      render: (s: string) => <Tag color={SOURCE_COLORS[s]}>{V.adminVendorSources[s] ?? s}</Tag>,
    },
    {
      title: V.colKey,
      width: 150,
      // A key pair (Kling) on two lines, one per key.
      render: (_v, v) => (
        <span className={styles.mono}>
          {keyText(v)
            .split(' / ')
            .map((line) => (
              <div key={line}>{line}</div>
            ))}
        </span>
      ),
    },
    {
      title: V.colBaseUrl,
      dataIndex: 'baseUrl',
      ellipsis: true,
      render: (u: string | null) => (u ? <Tooltip title={u}><span className={styles.mono}>{u}</span></Tooltip> : '—'),
    },
    {
      title: V.colErrorRate,
      width: 130,
      render: (_v, v) => (
        <Tooltip title={v.stats.calls ? V.calls(v.stats.calls) : undefined}>
          <Typography.Text type={RATE_TYPE[errorRateLevel(v.stats)]}>{errorRateText(v.stats)}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: V.colLatency, width: 150, render: (_v, v) => latencyText(v.stats) },
    {
      title: V.colActions,
      width: 200,
      render: (_v, v) => (
        <Space size={0} wrap>
          {v.editable ? (
            <Button type="link" size="small" onClick={() => setEditing(v)}>
              {V.actionEdit}
            </Button>
          ) : (
            <Typography.Text type="secondary" className={styles.small}>
              {V.envOnly}
            </Typography.Text>
          )}
          {v.testable && (
            <Button type="link" size="small" loading={testing === v.id} onClick={() => void test(v)}>
              {testing === v.id ? V.testing : V.actionTest}
            </Button>
          )}
          {v.source === 'database' && (
            <Popconfirm title={V.resetConfirm} okText={V.actionReset} cancelText={V.cancel} onConfirm={() => reset(v)}>
              <Button type="link" size="small" danger>
                {V.actionReset}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHead title={V.vendorsTitle}>
        <Typography.Paragraph type="secondary">{V.vendorsIntro(data?.statsWindowHours ?? 24)}</Typography.Paragraph>
      </PageHead>
      {error && <Alert type="error" showIcon title={error} />}
      <Table<AdminVendorItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 1000 }}
      />
      <VendorEditModal vendor={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}
