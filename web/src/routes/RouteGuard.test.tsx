import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onOpenLoginDialog } from '../app-events';
import { installJsdomShims } from '../components/testing/jsdom-shims';
import { useUserStore } from '../stores/user';
import { RouteGuard } from './RouteGuard';
import { route } from './types';

const configs = [
  route('/', '首页', { element: 'home' }),
  route('/chat', 'AI对话', { element: 'chat' }),
  route('/msg', 'AI对话', { element: 'chat' }),
  route('/login', '登录', { element: 'login' }),
  route('/console/vip', '会员中心', { verifToken: true }),
  route('*', '页面不存在', { element: 'notFound' }),
];

function renderAt(url: string, opts: { mobile?: boolean } = {}) {
  installJsdomShims(opts);
  const router = createMemoryRouter(
    configs.map((c) => ({
      path: c.path,
      element: (
        <RouteGuard route={c}>
          <p>page {c.path}</p>
        </RouteGuard>
      ),
    })),
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let stop: () => void = () => undefined;
let loginOpened = 0;

beforeEach(() => {
  useUserStore.setState({ token: '', user: null });
  loginOpened = 0;
  stop = onOpenLoginDialog(() => loginOpened++);
});

afterEach(() => {
  stop();
  cleanup();
});

describe('RouteGuard', () => {
  it('forwards /chat to /msg with a base64 type and renders the chat route', async () => {
    const router = renderAt('/chat?type=deepseek-v3&bottomType=voice');
    await screen.findByText('page /msg');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('type')).toBe(btoa('deepseek-v3'));
    expect(params.get('bottomType')).toBe('voice');
    expect(document.title).toBe('AI对话 - 万象 AI');
  });

  it('sends a visitor away from a login-required page and offers the login dialog', async () => {
    const router = renderAt('/console/vip');
    await screen.findByText('page /msg');
    expect(router.state.location.pathname).toBe('/msg');
    expect(loginOpened).toBe(1);
  });

  it('on mobile, a login-required page goes home', async () => {
    const router = renderAt('/console/vip', { mobile: true });
    await screen.findByText('page /');
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders a login-required page for a logged-in user and titles it', async () => {
    useUserStore.setState({ token: 'tok' });
    renderAt('/console/vip');
    await screen.findByText('page /console/vip');
    await waitFor(() => expect(document.title).toBe('会员中心 - 万象 AI'));
  });

  it('sends a logged-in user from /login home', async () => {
    useUserStore.setState({ token: 'tok' });
    const router = renderAt('/login');
    await screen.findByText('page /');
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders the catch-all for unknown paths without redirecting', async () => {
    const router = renderAt('/nope/nothing');
    await screen.findByText('page *');
    expect(router.state.location.pathname).toBe('/nope/nothing');
    expect(document.title).toBe('页面不存在 - 万象 AI');
  });
});
