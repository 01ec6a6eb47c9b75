import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { LoginDialog } from '../features/account/login/LoginDialog';
import { useIsMobile } from '../hooks/useIsMobile';
import { useUserStore } from '../stores/user';
import { DesktopShell } from './DesktopShell';
import { GlobalOverlays } from './GlobalOverlays';
import { MobileShell } from './MobileShell';

/** Root route element: picks the desktop or mobile shell, hosts the login dialog, refreshes the user. */
export function AppShell() {
  const isMobile = useIsMobile();
  const refreshUser = useUserStore((s) => s.refreshUser);

  useEffect(() => {
    // A stored session may be stale (membership changed, token revoked): reload it once per visit.
    void refreshUser();
  }, [refreshUser]);

  const Shell = isMobile ? MobileShell : DesktopShell;
  return (
    <>
      <LoginDialog />
      <GlobalOverlays />
      <Shell>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Shell>
    </>
  );
}
