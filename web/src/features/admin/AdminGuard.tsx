import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { ADMIN_CONSOLE_MSG as T, Code, type AdminMe } from '@wanxiang/contract';
import { adminMe } from '../../api/admin';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { errorText } from './useLoad';
import styles from './admin.module.css';

type GuardState = { kind: 'visitor' } | { kind: 'checking' } | { kind: 'forbidden' } | { kind: 'failed'; msg: string } | { kind: 'admin'; me: AdminMe };

/**
 * The console's entry check: visitors get the login dialog, signed-in accounts are asked about on the server
 * (GET /api/admin/me), which alone decides; a 403 shows 无权限. It runs again whenever the session changes, so logging
 * in from the dialog, logging out or an expired session take effect at once.
 */
export function AdminGuard({ children }: { children: (me: AdminMe) => ReactNode }) {
  const token = useUserStore((s) => s.token);
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<GuardState>(token ? { kind: 'checking' } : { kind: 'visitor' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'visitor' });
      openLoginDialog();
      return;
    }
    const ctrl = new AbortController();
    setState({ kind: 'checking' });
    adminMe({ signal: ctrl.signal }).then(
      (me) => {
        if (!ctrl.signal.aborted) setState({ kind: 'admin', me });
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        // An expired session is cleared by the request layer (the token change runs this again as a visitor).
        if (err instanceof RequestError && err.code === Code.FORBIDDEN) setState({ kind: 'forbidden' });
        else setState({ kind: 'failed', msg: errorText(err) });
      },
    );
    return () => ctrl.abort();
  }, [token, generation]);

  switch (state.kind) {
    case 'admin':
      return children(state.me);
    case 'checking':
      return (
        <div className={styles.center}>
          <Spin tip={T.checking} size="large">
            <div className={styles.spinBox} />
          </Spin>
        </div>
      );
    case 'visitor':
      return (
        <div className={styles.center} data-testid="admin-login-required">
          <Result
            status="info"
            title={T.loginRequiredTitle}
            subTitle={T.loginRequiredHint}
            extra={[
              <Button key="login" type="primary" onClick={openLoginDialog}>
                {T.loginButton}
              </Button>,
              <Link key="home" to="/">
                <Button>{T.backToSite}</Button>
              </Link>,
            ]}
          />
        </div>
      );
    case 'forbidden':
      return (
        <div className={styles.center} data-testid="admin-forbidden">
          <Result
            status="403"
            title={T.forbiddenTitle}
            subTitle={T.forbiddenHint}
            extra={[
              <Link key="home" to="/">
                <Button type="primary">{T.backToSite}</Button>
              </Link>,
              <Button key="switch" onClick={() => useUserStore.getState().logout()}>
                {T.forbiddenSwitch}
              </Button>,
            ]}
          />
        </div>
      );
    case 'failed':
      return (
        <div className={styles.center}>
          <Result
            status="error"
            title={T.loadFailed}
            subTitle={state.msg}
            extra={
              <Button type="primary" onClick={() => setGeneration((g) => g + 1)}>
                {T.retry}
              </Button>
            }
          />
        </div>
      );
  }
}
