import { useState } from 'react';
import { Alert, Button, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, ADMIN_MONEY_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, type AdminCashItem } from '@wanxiang/contract';
import { adminCashOuts } from '../../../api/admin-money';
import { PageHead } from '../PageHead';
import { formatCents, formatTime } from '../format';
import { useLoad } from '../useLoad';
import { CashReviewModal, type CashReview } from './CashReviewModal';
import styles from '../admin.module.css';

const STATUS_COLORS: Record<string, string> = { pending: 'gold', paid: 'green', refused: 'red' };

/** 提现审核: pending requests first (oldest first); approve with the transfer reference or refuse with a reason. */
export function CashOutsPage() {
  const [page, setPage] = useState(1);
  const [pendingOnly, setPendingOnly] = useState(true);
  const [review, setReview] = useState<{ item: AdminCashItem; kind: CashReview } | null>(null);
  const { data, loading, error, reload } = useLoad(`cash:${pendingOnly}:${page}`, (signal) =>
    adminCashOuts({ status: pendingOnly ? 'pending' : '', page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }),
  );

  const columns: TableColumnsType<AdminCashItem> = [
    { title: M.colCashId, dataIndex: 'id', width: 70 },
    { title: M.colUser, width: 130, render: (_v, c) => `${c.nick || c.phone || ''} #${c.userId}` },
    { title: M.colMoney, dataIndex: 'moneyCents', width: 100, align: 'right', render: (v: number) => formatCents(v) },
    { title: M.colCasher, dataIndex: 'casher', width: 150, ellipsis: true },
    { title: M.colName, dataIndex: 'name', width: 90 },
    { title: M.colStatus, dataIndex: 'status', width: 90, render: (v: string) => <Tag color={STATUS_COLORS[v]}>{M.moneyCashStatusNames[v] ?? v}</Tag> },
    { title: M.colAppliedAt, dataIndex: 'createdAt', width: 170, responsive: ['xl'], render: (v: string) => formatTime(v) },
    {
      title: M.colReview,
      width: 150,
      ellipsis: true,
      render: (_v, c) => (c.status === 'paid' ? c.transferRef : c.status === 'refused' ? c.refuseReason : T.none),
    },
    {
      title: M.colActions,
      width: 130,
      render: (_v, c) =>
        c.status === 'pending' ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setReview({ item: c, kind: 'approve' })} data-testid={`cash-approve-${c.id}`}>
              {M.cashApprove}
            </Button>
            <Button type="link" size="small" danger onClick={() => setReview({ item: c, kind: 'refuse' })} data-testid={`cash-refuse-${c.id}`}>
              {M.cashRefuse}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div data-testid="admin-cash-outs">
      <PageHead
        title={M.cashTitle}
        extra={
          <Space>
            <Typography.Text>{M.cashPendingOnly}</Typography.Text>
            <Switch
              checked={pendingOnly}
              onChange={(v) => {
                setPendingOnly(v);
                setPage(1);
              }}
            />
          </Space>
        }
      />
      <Alert type="info" showIcon className={styles.block} title={M.cashHint} />
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
      <Table<AdminCashItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {review && (
        <CashReviewModal
          item={review.item}
          kind={review.kind}
          onClose={() => setReview(null)}
          onDone={() => {
            setReview(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
