import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, DatePicker, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { ADMIN_CONSOLE_MSG as T, ADMIN_MONEY_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, ORDER_PROVIDERS, ORDER_STATUSES, type AdminMoneyOrder } from '@wanxiang/contract';
import { adminOrders, downloadCsv } from '../../../api/admin-money';
import { PageHead } from '../PageHead';
import { formatCents, formatTime } from '../format';
import { errorText, useLoad } from '../useLoad';
import { RefundModal } from './RefundModal';
import styles from '../admin.module.css';

const STATUS_COLORS: Record<string, string> = { pending: 'default', paid: 'green', closed: 'default', refunded: 'orange' };
const FILTERS = ['status', 'provider', 'keyword', 'from', 'to'] as const;

/** 订单: filters in the address, the table, CSV of the same filters, refund of a paid order (confirm with a reason). */
export function OrdersPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error, reload } = useLoad(`orders:${params.toString()}`, (signal) =>
    adminOrders({ ...filters, page, size: ADMIN_PAGE_SIZE_DEFAULT } as never, { signal }),
  );
  const [refunding, setRefunding] = useState<AdminMoneyOrder | null>(null);
  const [exporting, setExporting] = useState(false);

  const apply = (v: { status?: string; provider?: string; keyword?: string; range?: [dayjs.Dayjs, dayjs.Dayjs] | null }) => {
    const next = new URLSearchParams();
    if (v.status) next.set('status', v.status);
    if (v.provider) next.set('provider', v.provider);
    if (v.keyword?.trim()) next.set('keyword', v.keyword.trim());
    if (v.range) {
      next.set('from', v.range[0].format('YYYY-MM-DD'));
      next.set('to', v.range[1].format('YYYY-MM-DD'));
    }
    setParams(next);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv('/admin/orders.csv', filters, 'orders.csv');
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AdminMoneyOrder> = [
    { title: M.colOrderNo, dataIndex: 'orderNo', width: 200 },
    { title: M.colUser, width: 130, render: (_v, o) => `${o.nick || o.phone || ''} #${o.userId}` },
    { title: M.colItem, dataIndex: 'shopName', width: 120 },
    { title: M.colAmount, dataIndex: 'amountCents', width: 100, align: 'right', render: (v: number) => formatCents(v) },
    { title: M.colProvider, dataIndex: 'provider', width: 90, render: (v: string) => M.moneyProviderNames[v] ?? v },
    {
      title: M.colStatus,
      width: 90,
      render: (_v, o) => (
        <Tag color={STATUS_COLORS[o.status]} title={o.refundReason || undefined}>
          {M.moneyOrderStatusNames[o.status] ?? o.status}
        </Tag>
      ),
    },
    { title: M.colCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['xl'], render: (v: string) => formatTime(v) },
    { title: M.colPaidAt, dataIndex: 'paidAt', width: 170, responsive: ['xxl'], render: (v: string | null) => formatTime(v) },
    {
      title: M.colActions,
      width: 80,
      render: (_v, o) =>
        o.status === 'paid' ? (
          <Button type="link" size="small" danger onClick={() => setRefunding(o)} data-testid={`refund-${o.orderNo}`}>
            {M.refund}
          </Button>
        ) : null,
    },
  ];

  return (
    <div data-testid="admin-orders">
      <PageHead
        title={M.ordersTitle}
        extra={
          <Button onClick={() => void exportCsv()} loading={exporting} data-testid="orders-export">
            {M.exportCsv}
          </Button>
        }
      />
      <Alert type="info" showIcon className={styles.block} title={M.ordersHint} />
      <Form
        key={params.toString()}
        layout="inline"
        className={styles.block}
        initialValues={{
          status: filters.status,
          provider: filters.provider,
          keyword: filters.keyword,
          range: filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null,
        }}
        onFinish={apply}
      >
        <Form.Item name="keyword">
          <Input placeholder={M.ordersKeyword} allowClear maxLength={64} style={{ width: 220 }} data-testid="orders-keyword" />
        </Form.Item>
        <Form.Item name="status">
          <Select style={{ width: 120 }} options={[{ value: '', label: M.ordersStatusAll }, ...ORDER_STATUSES.map((s) => ({ value: s, label: M.moneyOrderStatusNames[s] }))]} />
        </Form.Item>
        <Form.Item name="provider">
          <Select style={{ width: 120 }} options={[{ value: '', label: M.ordersProviderAll }, ...ORDER_PROVIDERS.map((p) => ({ value: p, label: M.moneyProviderNames[p] }))]} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="orders-search">
            {M.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{M.reset}</Button>
        </Space>
      </Form>
      {error && (
        <Alert
          type="error"
          showIcon
          className={styles.block}
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {T.retry}
            </Button>
          }
        />
      )}
      <Table<AdminMoneyOrder>
        rowKey="orderNo"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: ADMIN_PAGE_SIZE_DEFAULT,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          },
        }}
      />
      {refunding && (
        <RefundModal
          order={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
