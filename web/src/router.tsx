import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './layouts/AppShell';
import { PageLoading } from './components/PageLoading';
import { HomePage } from './features/home/HomePage';
import { RouteErrorPage } from './features/misc/RouteErrorPage';
import { ROUTES } from './routes/table';
import { PAGES } from './routes/pages';
import { RouteGuard } from './routes/RouteGuard';
import type { RouteConfig } from './routes/types';

// Home is the landing page and ships in the first chunk; everything else loads on demand.
const ChatPage = lazy(() => import('./features/chat/ChatPage'));
const LoginPage = lazy(() => import('./features/account/LoginPage'));
const NotFoundPage = lazy(() => import('./features/misc/NotFoundPage'));
const PlaceholderPage = lazy(() => import('./features/misc/PlaceholderPage'));
// The operator's console: its own frame and pages, one chunk the consumer app never loads.
const AdminApp = lazy(() => import('./features/admin/AdminApp'));

function renderPage(route: RouteConfig): ReactNode {
  switch (route.element) {
    case 'home':
      return <HomePage />;
    case 'chat':
      return <ChatPage />;
    case 'login':
      return <LoginPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'placeholder':
      return <PlaceholderPage title={route.title} />;
    default: {
      const Page = PAGES[route.element];
      return <Page title={route.title} />;
    }
  }
}

export function toRouteObject(route: RouteConfig): RouteObject {
  return {
    id: route.id,
    path: route.path,
    element: (
      <RouteGuard route={route}>
        <Suspense fallback={<PageLoading />}>{renderPage(route)}</Suspense>
      </RouteGuard>
    ),
  };
}

export const router = createBrowserRouter([
  {
    id: 'shell',
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: ROUTES.map(toRouteObject),
  },
  {
    id: 'admin',
    path: '/admin/*',
    errorElement: <RouteErrorPage />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminApp />
      </Suspense>
    ),
  },
]);
