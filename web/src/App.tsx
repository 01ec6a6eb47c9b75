import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router/dom';
import { FeedbackBridge } from './components/feedback/FeedbackBridge';
import { theme } from './layouts/theme';
import { router } from './router';

/** Providers: antd in Chinese with our theme, antd's App (message/notification/modal), the router. */
export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}
