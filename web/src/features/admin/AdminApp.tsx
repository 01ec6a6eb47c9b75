import { Link, Route, Routes } from 'react-router';
import { Button, Result } from 'antd';
import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';
import { LoginDialog } from '../account/login/LoginDialog';
import { AdminGuard } from './AdminGuard';
import { AdminLayout } from './AdminLayout';
import { AuditPage } from './audit/AuditPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { CATALOG_ROUTES } from './catalog/routes';
import { MODERATION_ROUTES } from './moderation/routes';
import { MONEY_ROUTES } from './money/routes';
import { VENDORS_ROUTES } from './vendors/routes';
import { UserDetailPage } from './users/UserDetailPage';
import { UsersPage } from './users/UsersPage';

/**
 * /admin/*: the operator's console (docs/admin.md "控制台 / Console"), one chunk loaded only when an /admin address is
 * opened. It has its own frame and its own pages below /admin; the login dialog is the app's.
 */
export default function AdminApp() {
  return (
    <>
      <LoginDialog />
      <AdminGuard>
        {(me) => (
          <AdminLayout me={me}>
            <Routes>
              <Route index element={<DashboardPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="users/:id" element={<UserDetailPage />} />
              <Route path="audit" element={<AuditPage />} />
              {MONEY_ROUTES}
              {VENDORS_ROUTES}
              {MODERATION_ROUTES}
              {CATALOG_ROUTES}
              <Route
                path="*"
                element={
                  <Result
                    status="404"
                    title={T.notFoundTitle}
                    extra={
                      <Link to="/admin">
                        <Button type="primary">{T.notFoundBack}</Button>
                      </Link>
                    }
                  />
                }
              />
            </Routes>
          </AdminLayout>
        )}
      </AdminGuard>
    </>
  );
}
