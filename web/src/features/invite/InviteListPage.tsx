import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { InviteeItem } from '@wanxiang/contract';
import { getInvitationList } from '../../api/invite';
import { InviteNav } from './InviteNav';
import { LIST_ROWS, usePagedList } from './usePagedList';
import styles from './invite.module.css';

/** /console/invite/list: the people who signed up with the caller's code (masked), paged. */
export default function InviteListPage() {
  const { page, setPage, data, loading } = usePagedList<InviteeItem>(getInvitationList);

  return (
    <div className={styles.page} data-testid="invite-list-page">
      <InviteNav />
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>邀请记录（共 {data?.total ?? 0} 人）</h2>
        <Table<InviteeItem>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: '还没有邀请记录，快去分享你的邀请链接吧' }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: LIST_ROWS, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: '用户', dataIndex: 'nick', render: (v: string, r) => v || r.phone || '-' },
            { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '-' },
            { title: '注册时间', dataIndex: 'created_at', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            { title: '状态', dataIndex: 'paid', render: (paid: boolean) => (paid ? <Tag color="red">已付费</Tag> : <Tag>未付费</Tag>) },
          ]}
        />
      </section>
    </div>
  );
}
