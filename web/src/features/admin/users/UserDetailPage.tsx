import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Spin, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ADMIN_CONSOLE_MSG as T, type AdminUserDetail } from '@wanxiang/contract';
import { adminUser } from '../../../api/admin';
import { PageHead } from '../PageHead';
import { formatCents, formatTime, membershipText, userLabel } from '../format';
import { useLoad } from '../useLoad';
import { DevicesTables, OrdersTable, PointsTable, UsageTable } from './DetailTables';
import { UserActions } from './UserActions';
import styles from '../admin.module.css';

function Basics({ user }: { user: AdminUserDetail['user'] }) {
  const yesNo = (v: boolean) => (v ? T.detailYes : T.detailNo);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, xl: 3 }}>
      <Descriptions.Item label={T.colId}>{user.id}</Descriptions.Item>
      <Descriptions.Item label={T.colPhone}>{user.phone || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.colNick}>{user.nick || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.detailEmail}>{user.email || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.detailAccount}>{user.account || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.colVip}>{membershipText(user)}</Descriptions.Item>
      <Descriptions.Item label={T.colPoints}>{user.points}</Descriptions.Item>
      <Descriptions.Item label={T.detailWallet}>{formatCents(user.walletCents)}</Descriptions.Item>
      <Descriptions.Item label={T.detailInviteCode}>{user.inviteCode || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.detailInvitedBy}>
        {user.invitedBy ? <Link to={`/admin/users/${user.invitedBy}`}>{user.invitedBy}</Link> : T.none}
      </Descriptions.Item>
      <Descriptions.Item label={T.detailChannel}>{user.appChannel || T.none}</Descriptions.Item>
      <Descriptions.Item label={T.detailHasPassword}>{yesNo(user.hasPassword)}</Descriptions.Item>
      <Descriptions.Item label={T.colCreatedAt}>{formatTime(user.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={T.detailUpdatedAt}>{formatTime(user.updatedAt)}</Descriptions.Item>
      {user.banned && (
        <>
          <Descriptions.Item label={T.detailBannedAt}>{formatTime(user.bannedAt)}</Descriptions.Item>
          <Descriptions.Item label={T.detailBanReason}>{user.banReason || T.none}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

/** A user's detail: the account, the actions, and tabs of orders, points, usage and devices (GET /api/admin/users/:id). */
export function UserDetailPage() {
  const id = Number(useParams().id);
  const { data, error, reload } = useLoad(`user:${id}`, (signal) => adminUser(id, { signal }));
  const user = data?.user;

  return (
    <div data-testid="admin-user-detail">
      <Link to="/admin/users">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          {T.detailBack}
        </Button>
      </Link>
      <PageHead title={T.detailTitle(user ? userLabel(user) : String(id))} extra={user && <UserActions user={user} onChanged={reload} />}>
        {user && (
          <Space size={4} wrap>
            {user.role === 'admin' && <Tag color="geekblue">{T.roleAdmin}</Tag>}
            {user.banned ? <Tag color="red">{T.statusBanned}</Tag> : <Tag color="green">{T.statusActive}</Tag>}
            <Tag color={user.vip > 0 ? 'gold' : undefined}>{membershipText(user)}</Tag>
            <Link to={`/admin/audit?target=${encodeURIComponent(`user:${user.id}`)}`}>{T.detailAuditLink}</Link>
          </Space>
        )}
      </PageHead>
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
      {!data && !error && <Spin />}
      {data && (
        <>
          <Card size="small" title={T.detailBasic} className={styles.block}>
            <Basics user={data.user} />
          </Card>
          <Card size="small">
            <Tabs
              items={[
                { key: 'orders', label: T.tabOrders, children: <OrdersTable orders={data.orders} /> },
                { key: 'points', label: T.tabPoints, children: <PointsTable points={data.points} /> },
                { key: 'usage', label: T.tabUsage, children: <UsageTable usage={data.usage} /> },
                { key: 'devices', label: T.tabDevices, children: <DevicesTables sessions={data.sessions} devices={data.devices} /> },
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
