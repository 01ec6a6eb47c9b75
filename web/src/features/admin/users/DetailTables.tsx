import { Card, Descriptions, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, type AdminDeviceItem, type AdminOrderItem, type AdminSessionItem, type AdminUserDetail, type PointsBillRow, type UsageItem } from '@wanxiang/contract';
import { formatCents, formatTime } from '../format';

/** The tabs of a user's detail page: orders, points ledger, usage, sessions and devices (all from GET /api/admin/users/:id). */

const liveTag = (live: boolean) => (live ? <Tag color="green">{T.live}</Tag> : <Tag>{T.ended}</Tag>);

const orderColumns: TableColumnsType<AdminOrderItem> = [
  { title: T.colOrderNo, dataIndex: 'orderNo', width: 220, ellipsis: true },
  { title: T.colShop, dataIndex: 'shopName', ellipsis: true },
  { title: T.colAmount, dataIndex: 'amountCents', width: 110, align: 'right', render: (v: number) => formatCents(v) },
  { title: T.colPayProvider, dataIndex: 'provider', width: 100 },
  { title: T.colOrderStatus, dataIndex: 'status', width: 90, render: (v: string) => T.orderStatus[v] ?? v },
  { title: T.colOrderedAt, dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colPaidAt, dataIndex: 'paidAt', width: 170, render: (v: string | null) => formatTime(v) },
];

export function OrdersTable({ orders }: { orders: AdminOrderItem[] }) {
  return <Table<AdminOrderItem> rowKey="orderNo" size="small" columns={orderColumns} dataSource={orders} pagination={false} scroll={{ x: 960 }} />;
}

const pointsColumns: TableColumnsType<PointsBillRow> = [
  { title: T.colTime, dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colReason, dataIndex: 'reason_text', width: 120 },
  { title: T.colDelta, dataIndex: 'delta', width: 90, align: 'right', render: (v: number) => (v > 0 ? `+${v}` : String(v)) },
  { title: T.colBalance, dataIndex: 'balance_after', width: 90, align: 'right' },
  { title: T.colNote, dataIndex: 'note', ellipsis: true },
];

export function PointsTable({ points }: { points: AdminUserDetail['points'] }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <span data-testid="admin-user-points">{T.pointsBalance(points.balance)}</span>
      <Table<PointsBillRow> rowKey="id" size="small" columns={pointsColumns} dataSource={points.recent} pagination={false} scroll={{ x: 720 }} />
    </Space>
  );
}

/** max -1 is unlimited, null none (docs/product/quota-and-points.md §3). */
const left = (q: UsageItem) => (q.max === null ? T.none : q.max < 0 ? T.quotaUnlimited : `${q.balance ?? 0} / ${q.max}`);

const usageColumns: TableColumnsType<UsageItem> = [
  { title: T.colQuota, dataIndex: 'name' },
  { title: T.colQuotaLeft, width: 160, render: (_v, q) => left(q) },
];

export function UsageTable({ usage }: { usage: AdminUserDetail['usage'] }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered>
        <Descriptions.Item label={T.usageConversations}>{usage.conversations}</Descriptions.Item>
        <Descriptions.Item label={T.usageMessages}>{usage.messages}</Descriptions.Item>
        <Descriptions.Item label={T.usageTasks}>{usage.tasks}</Descriptions.Item>
      </Descriptions>
      <Table<UsageItem>
        rowKey="key"
        size="small"
        columns={usageColumns}
        dataSource={usage.quota}
        pagination={false}
        expandable={{ childrenColumnName: 'children' }}
      />
    </Space>
  );
}

const sessionColumns: TableColumnsType<AdminSessionItem> = [
  { title: T.colCreatedAt, dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colIp, dataIndex: 'ip', width: 130 },
  { title: T.colUserAgent, dataIndex: 'userAgent', ellipsis: true },
  { title: T.colExpiresAt, dataIndex: 'expiresAt', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colLive, dataIndex: 'live', width: 80, render: liveTag },
];

const deviceColumns: TableColumnsType<AdminDeviceItem> = [
  { title: T.colCreatedAt, dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colLastUsedAt, dataIndex: 'lastUsedAt', width: 170, render: (v: string | null) => formatTime(v) },
  { title: T.colExpiresAt, dataIndex: 'expiresAt', width: 170, render: (v: string) => formatTime(v) },
  { title: T.colLive, dataIndex: 'live', width: 80, render: liveTag },
];

export function DevicesTables({ sessions, devices }: { sessions: AdminSessionItem[]; devices: AdminDeviceItem[] }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title={T.sessionsTitle}>
        <Table<AdminSessionItem> rowKey="id" size="small" columns={sessionColumns} dataSource={sessions} pagination={false} scroll={{ x: 820 }} />
      </Card>
      <Card size="small" title={T.devicesTitle}>
        <Table<AdminDeviceItem> rowKey="id" size="small" columns={deviceColumns} dataSource={devices} pagination={false} scroll={{ x: 600 }} />
      </Card>
    </Space>
  );
}
