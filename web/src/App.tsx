import { useMemo } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router/dom';
import { FeedbackBridge } from './components/feedback/FeedbackBridge';
import { usePrefersReducedMotion } from './hooks/usePrefersReducedMotion';
import { theme } from './layouts/theme';
import { router } from './router';

/**
 * Providers: antd in Chinese with our theme (without motion when the system asks for less), antd's
 * App (message/notification/modal), the router.
 */
export function App() {
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={themed} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}
