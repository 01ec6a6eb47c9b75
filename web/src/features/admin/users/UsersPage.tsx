import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Input, Table, Tag, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, ADMIN_PAGE_SIZE_DEFAULT, type AdminUserItem } from '@wanxiang/contract';
import { adminUsers } from '../../../api/admin';
import { PageHead } from '../PageHead';
import { formatTime, membershipText } from '../format';
import { useLoad } from '../useLoad';
import styles from '../admin.module.css';

const USER_COLUMNS: TableColumnsType<AdminUserItem> = [
  { title: T.colId, dataIndex: 'id', width: 80 },
  { title: T.colPhone, dataIndex: 'phone', width: 120, render: (v: string) => v || T.none },
  { title: T.colNick, dataIndex: 'nick', width: 110, ellipsis: true, render: (v: string) => v || T.none },
  { title: T.colVip, width: 180, ellipsis: true, render: (_v, u) => membershipText(u) },
  { title: T.colPoints, dataIndex: 'points', width: 90, align: 'right' },
  {
    title: T.colStatus,
    width: 110,
    render: (_v, u) => (
      <>
        {u.role === 'admin' && <Tag color="geekblue">{T.roleAdmin}</Tag>}
        {u.banned ? <Tag color="red">{T.statusBanned}</Tag> : <Tag color="green">{T.statusActive}</Tag>}
      </>
    ),
  },
  // Left out on a tablet (below 1200 px) so the rest fits without scrolling sideways.
  { title: T.colCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['xl'], render: (v: string) => formatTime(v) },
];

/** 用户: search by phone, nick or id and page through accounts; a row opens its detail. Search and page live in the address. */
export function UsersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error, reload } = useLoad(`users:${keyword}:${page}`, (signal) =>
    adminUsers({ keyword, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }),
  );

  const search = (value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('keyword', value.trim());
    setParams(next);
  };

  const columns: TableColumnsType<AdminUserItem> = [
    ...USER_COLUMNS,
    {
      title: T.colActions,
      width: 70,
      render: (_v, u) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            // The row opens the detail too: one history entry, not two.
            e.stopPropagation();
            void navigate(`/admin/users/${u.id}`);
          }}
        >
          {T.view}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="admin-users">
      <PageHead
        title={T.navUsers}
        extra={
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            placeholder={T.usersSearchPlaceholder}
            enterButton={T.usersSearch}
            allowClear
            maxLength={64}
            onSearch={search}
            style={{ width: 360, maxWidth: '100%' }}
            data-testid="admin-users-search"
          />
        }
      />
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
      <Table<AdminUserItem>
        rowKey="id"
        className={styles.clickableRows}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        onRow={(u) => ({ onClick: () => void navigate(`/admin/users/${u.id}`) })}
        pagination={{
          current: page,
          pageSize: ADMIN_PAGE_SIZE_DEFAULT,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => T.usersTotal(n),
          onChange: (p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          },
        }}
      />
    </div>
  );
}
