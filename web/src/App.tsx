import { useMemo } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router/dom';
import { FeedbackBridge } from './components/feedback/FeedbackBridge';
import { usePrefersReducedMotion } from './hooks/usePrefersReducedMotion';
import { useResolvedTheme } from './hooks/useResolvedTheme';
import { antdThemeFor } from './layouts/theme';
import { router } from './router';

/**
 * Providers: antd in Chinese with our theme, light or dark (stores/theme.ts), without motion when the system asks for less; antd's
 * App (message/notification/modal), the router.
 */
export function App() {
  const reducedMotion = usePrefersReducedMotion();
  const scheme = useResolvedTheme();
  const themed = useMemo(() => antdThemeFor(scheme, reducedMotion), [scheme, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={themed} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}
