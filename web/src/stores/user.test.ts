import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@wanxiang/contract';
import { onLoggedOut } from '../app-events';
import { authHeaders } from '../api/request';
import { setFeedback, type Feedback } from '../components/feedback/holder';
import { selectIsLoggedIn, selectUser, useUserStore } from './user';

const user: UserInfo = {
  id: 7,
  uid: 7,
  appid: 'wx',
  token: 'tok-7',
  access_token: 'acc-7',
  phone: '13800138000',
  account: '13800138000',
  email: '',
  nick: '',
  avatar: '',
  vip: 0,
  vipType: '',
  vipTime: '',
  vipgrade: 0,
  higher: 0,
  points: 0,
  invite_code: 'INV7',
  createdAt: '2026-01-01 00:00:00',
};

const fetchMock = vi.fn<typeof fetch>();
const errors = vi.fn<Feedback['error']>();
let loggedOut = 0;
let stop: () => void = () => undefined;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  errors.mockReset();
  setFeedback({ notifyError: vi.fn(), warn: vi.fn(), success: vi.fn(), error: errors, confirm: vi.fn() });
  useUserStore.setState({ token: '', user: null });
  localStorage.clear();
  loggedOut = 0;
  stop = onLoggedOut(() => loggedOut++);
});

afterEach(() => {
  stop();
  setFeedback(null);
  vi.unstubAllGlobals();
});

describe('user store', () => {
  it('setSession stores user and token, persisted under user_storage, and feeds the request headers', () => {
    useUserStore.getState().setSession(user);
    expect(selectIsLoggedIn(useUserStore.getState())).toBe(true);
    expect(selectUser(useUserStore.getState())?.phone).toBe('13800138000');
    const saved = JSON.parse(localStorage.getItem('user_storage') ?? '{}') as { state: { token: string } };
    expect(saved.state.token).toBe('tok-7');
    expect(authHeaders()).toMatchObject({ token: 'tok-7', 'access-token': 'acc-7', uid: '7' });
  });

  it('logout calls the server with the old token, clears the session and emits logged-out', () => {
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'ok', data: null }));
    useUserStore.getState().setSession(user);
    useUserStore.getState().logout();
    expect(useUserStore.getState().token).toBe('');
    expect(useUserStore.getState().user).toBeNull();
    expect(loggedOut).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/user/logout');
    expect(init?.headers).toMatchObject({ token: 'tok-7' });
  });

  it('logout succeeds locally even when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    useUserStore.getState().setSession(user);
    useUserStore.getState().logout();
    await new Promise((r) => setTimeout(r, 0));
    expect(useUserStore.getState().token).toBe('');
  });

  it('refreshUser replaces the user info and keeps the token', async () => {
    useUserStore.getState().setSession(user);
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'ok', data: { ...user, token: '', vip: 52, vipType: '年度会员' } }));
    await useUserStore.getState().refreshUser();
    expect(useUserStore.getState().user?.vip).toBe(52);
    expect(useUserStore.getState().token).toBe('tok-7');
  });

  it('refreshUser: a refused answer shows its msg and ends the session; a network fault keeps it', async () => {
    useUserStore.getState().setSession(user);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await useUserStore.getState().refreshUser();
    expect(useUserStore.getState().token).toBe('tok-7');

    fetchMock.mockResolvedValueOnce(json({ code: 1000, msg: '', data: null }));
    await useUserStore.getState().refreshUser();
    expect(errors).toHaveBeenCalledWith('请求失败');
    expect(useUserStore.getState().token).toBe('');
    expect(loggedOut).toBe(1);
  });

  it('refreshUser does nothing for a visitor', async () => {
    await useUserStore.getState().refreshUser();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
