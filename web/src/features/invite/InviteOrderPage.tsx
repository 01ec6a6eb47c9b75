import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { MSG, type CashOrderItem } from '@wanxiang/contract';
import { getInvitationCashOrder } from '../../api/invite';
import { InviteNav } from './InviteNav';
import { LIST_ROWS, usePagedList } from './usePagedList';
import styles from './invite.module.css';

const STATUS_COLOR: Record<string, string> = { pending: 'processing', paid: 'success', refused: 'default' };

/** /console/invite/order: the caller's cash-outs with their status. */
export default function InviteOrderPage() {
  const { page, setPage, data, loading } = usePagedList<CashOrderItem>(getInvitationCashOrder);

  return (
    <div className={styles.page} data-testid="invite-order-page">
      <InviteNav />
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>提现记录</h2>
        <Table<CashOrderItem>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: '暂无提现记录' }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: LIST_ROWS, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: '申请时间', dataIndex: 'created_at', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            { title: '金额（元）', dataIndex: 'money' },
            { title: '收款账号', dataIndex: 'casher' },
            { title: '姓名', dataIndex: 'name' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: string) => (
                <Tag color={STATUS_COLOR[s]} data-testid="cash-status">
                  {MSG.cashStatus[s] ?? s}
                </Tag>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
