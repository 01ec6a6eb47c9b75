import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type UserInfo } from '@wanxiang/contract';
import { setFeedback, type Feedback } from '../../components/feedback/holder';
import { useUserStore } from '../../stores/user';
import { bootDesktopClient } from './boot';
import { acceptSwitch, handOverClientLogin, keepCurrent, useClientSwitch } from './client-login';

/** The desktop client's hand-over (issue 11, item 6): a one-time code by POST, never a token from the address. */

const fetchMock = vi.fn<typeof fetch>();
const notices = { notifyError: vi.fn(), warn: vi.fn(), success: vi.fn(), error: vi.fn(), confirm: vi.fn() } satisfies Feedback;
const CODE = 'C'.repeat(43);

const user = (id: number, token: string, nick: string) => ({ id, uid: id, token, access_token: token, nick, phone: '', email: '', account: '' }) as UserInfo;
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The server: clientLogin gives `next`, user/info answers `info` (or 401), logout says ok. */
function server(next: UserInfo, info: UserInfo | 401) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/v1/user/clientLogin')) return answer({ code: 200, msg: MSG.loginSuccess, data: next });
    if (url.includes('/v1/user/info')) return info === 401 ? answer({ code: 401, msg: MSG.unauthorized, data: null }, 401) : answer({ code: 200, msg: '', data: info });
    return answer({ code: 200, msg: '', data: null });
  });
}
const call = (part: string) => fetchMock.mock.calls.find(([u]) => String(u).includes(part));
const headersOf = (c: ReturnType<typeof call>) => (c?.[1]?.headers ?? {}) as Record<string, string>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(notices).forEach((m) => m.mockReset());
  setFeedback(notices);
  useUserStore.setState({ token: '', user: null });
  useClientSwitch.setState({ pending: null });
});

afterEach(() => {
  setFeedback(null);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('boot', () => {
  it('a token in the address is stripped before routing and never signs anyone in', () => {
    window.history.replaceState(null, '', '/chat?source=wanxiang_pc&token=attacker-token-123&uid=7&type=index');
    bootDesktopClient();
    expect(window.location.pathname + window.location.search).toBe('/chat?source=wanxiang_pc&type=index');
    expect(useUserStore.getState().token).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a one-time code is stripped and traded by POST for a session', async () => {
    server(user(5, 'page-session-token', '桌面用户'), 401);
    window.history.replaceState(null, '', `/?source=wanxiang_pc&client_code=${CODE}`);
    bootDesktopClient();
    expect(window.location.search).toBe('?source=wanxiang_pc');
    await vi.waitFor(() => expect(useUserStore.getState().token).toBe('page-session-token'));
    const [, init] = call('/v1/user/clientLogin')!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ client_code: CODE });
  });
});

describe('hand-over with a session already here', () => {
  it('another account is not replaced without asking; 保持当前账号 revokes the new session', async () => {
    useUserStore.setState({ token: 'mine-token', user: user(1, 'mine-token', '我的账号') });
    server(user(2, 'client-token', '客户端账号'), user(1, 'mine-token', '我的账号'));
    expect(await handOverClientLogin(CODE)).toBe('asked');
    expect(useUserStore.getState().token).toBe('mine-token');
    expect(useClientSwitch.getState().pending).toMatchObject({ current: '我的账号', next: { id: 2 } });
    // The exchange carried this page's session, so the server could keep it for the same account.
    expect(headersOf(call('/v1/user/clientLogin')).token).toBe('mine-token');
    keepCurrent();
    await vi.waitFor(() => expect(call('/v1/user/logout')).toBeTruthy());
    expect(headersOf(call('/v1/user/logout')).token).toBe('client-token');
    expect(useUserStore.getState().token).toBe('mine-token');
    expect(useClientSwitch.getState().pending).toBeNull();
  });

  it('切换账号 logs the previous session out and signs the client account in', async () => {
    useUserStore.setState({ token: 'mine-token', user: user(1, 'mine-token', '我的账号') });
    server(user(2, 'client-token', '客户端账号'), user(1, 'mine-token', '我的账号'));
    await handOverClientLogin(CODE);
    acceptSwitch();
    expect(useUserStore.getState().token).toBe('client-token');
    expect(headersOf(call('/v1/user/logout')).token).toBe('mine-token');
  });

  it('the same account keeps its session; a dead session is simply replaced', async () => {
    useUserStore.setState({ token: 'mine-token', user: user(1, 'mine-token', '我的账号') });
    server(user(1, 'mine-token', '我的账号'), user(1, 'mine-token', '我的账号'));
    expect(await handOverClientLogin(CODE)).toBe('same');
    expect(useUserStore.getState().token).toBe('mine-token');

    useUserStore.setState({ token: 'expired-token', user: user(1, 'expired-token', '我的账号') });
    server(user(2, 'client-token', '客户端账号'), 401);
    expect(await handOverClientLogin(CODE)).toBe('signedIn');
    expect(useUserStore.getState().token).toBe('client-token');
    expect(useClientSwitch.getState().pending).toBeNull();
  });

  it('a refused code says so and changes nothing', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1000, msg: MSG.clientCodeInvalid, data: null }));
    expect(await handOverClientLogin(CODE)).toBe('failed');
    expect(notices.error).toHaveBeenCalledWith(MSG.clientCodeInvalid);
    expect(useUserStore.getState().token).toBe('');
  });
});
