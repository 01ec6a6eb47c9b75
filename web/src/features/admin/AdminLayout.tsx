import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { AuditOutlined, DashboardOutlined, HomeOutlined, LogoutOutlined, TeamOutlined } from '@ant-design/icons';
import { ADMIN_CONSOLE_MSG as T, type AdminMe } from '@wanxiang/contract';
import { useUserStore } from '../../stores/user';
import { CATALOG_NAV } from './catalog/routes';
import { MODERATION_NAV } from './moderation/routes';
import { MONEY_NAV } from './money/routes';
import { VENDORS_NAV } from './vendors/routes';
import styles from './admin.module.css';

/** The side menu: the console's own pages, then each area's (money, vendors, moderation, catalog). */
const NAV = [
  { key: '/admin', icon: <DashboardOutlined />, label: T.navDashboard },
  { key: '/admin/users', icon: <TeamOutlined />, label: T.navUsers },
  { key: '/admin/audit', icon: <AuditOutlined />, label: T.navAudit },
  ...MONEY_NAV,
  ...VENDORS_NAV,
  ...MODERATION_NAV,
  ...CATALOG_NAV,
];

/** The menu entry a path belongs to: the longest key it starts with (/admin/users/10001 -> 用户). */
export function navKeyOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return NAV.map((n) => n.key)
    .filter((k) => path === k || path.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0] ?? '/admin';
}

/**
 * The console's own frame (not the consumer shell): a side menu that folds to icons below 992 px (a tablet held
 * upright), a header with the admin's name, the way back to the site and logout, and the page.
 */
export function AdminLayout({ me, children }: { me: AdminMe; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useUserStore((s) => s.logout);

  return (
    <Layout className={styles.root}>
      <Layout.Sider theme="light" width={200} breakpoint="lg" collapsedWidth={64} className={styles.sider}>
        <Link to="/admin" className={styles.brand}>
          <span className={styles.brandMark}>万</span>
          <span className={styles.brandText}>{T.consoleTitle}</span>
        </Link>
        <Menu
          mode="inline"
          selectedKeys={[navKeyOf(pathname)]}
          items={NAV}
          onClick={({ key }) => void navigate(key)}
          className={styles.menu}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Space size="middle" wrap={false}>
            <Typography.Text data-testid="admin-me">{me.nick || me.phone}</Typography.Text>
            <Link to="/">
              <Button type="text" icon={<HomeOutlined />}>
                {T.backToSite}
              </Button>
            </Link>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout}>
              {T.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className={styles.content}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
