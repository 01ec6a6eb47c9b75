import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { LoginDialog } from '../features/account/login/LoginDialog';
import { WindowHeader } from '../features/desktop-client/WindowHeader';
import { TopPoster } from '../features/promos/TopPoster';
import { useIsMobile } from '../hooks/useIsMobile';
import { useUserStore } from '../stores/user';
import { DesktopHeader } from './DesktopHeader';
import { GlobalOverlays } from './GlobalOverlays';
import { MobileHeader, MobileNavDrawer } from './MobileHeader';
import { MobileTabMenu } from './mobile-menu/MobileTabMenu';
import { SideNav } from './SideNav';
import styles from './shell.module.css';

/**
 * Root route element: the desktop or mobile chrome around the page, the login dialog, the user's refresh.
 * Both chromes keep the page (<main>) at the same place in the tree, each slot holding the same element
 * type or null, so crossing the phone breakpoint (a tablet turned, a window narrowed) swaps the chrome
 * without mounting the page afresh: a half-filled form or a running answer stays as it was.
 */
export function AppShell() {
  const mobile = useIsMobile();
  const refreshUser = useUserStore((s) => s.refreshUser);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    // A stored session may be stale (membership changed, token revoked): reload it once per visit.
    void refreshUser();
  }, [refreshUser]);

  return (
    <>
      <LoginDialog />
      <GlobalOverlays />
      <div className={styles.shell}>
        <WindowHeader />
        <TopPoster />
        {mobile ? <MobileHeader onMenu={() => setDrawerOpen(true)} /> : <DesktopHeader />}
        {mobile ? <MobileTabMenu /> : null}
        <div className={styles.body}>
          {mobile ? null : <SideNav />}
          <main className={styles.main}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        {mobile ? <MobileNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
      </div>
    </>
  );
}
