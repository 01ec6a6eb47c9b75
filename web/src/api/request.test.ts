import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { onLoggedOut, onOpenLoginDialog, onSessionExpired } from '../app-events';
import { setFeedback, type Feedback } from '../components/feedback/holder';
import { apiUrl, authHeaders, get, post, request, RequestError, setSessionSource } from './request';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
const notices = {
  notifyError: vi.fn<Feedback['notifyError']>(),
  warn: vi.fn<Feedback['warn']>(),
  success: vi.fn<Feedback['success']>(),
  error: vi.fn<Feedback['error']>(),
  confirm: vi.fn<Feedback['confirm']>(),
};
const unsubscribe: (() => void)[] = [];
let expired = 0;
let loginOpened = 0;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(notices).forEach((m) => m.mockReset());
  setFeedback(notices);
  setSessionSource(() => ({ token: 'tok-1', accessToken: 'acc-1', uid: '42' }));
  expired = 0;
  loginOpened = 0;
  unsubscribe.push(
    onSessionExpired(() => expired++),
    onOpenLoginDialog(() => loginOpened++),
  );
});

afterEach(() => {
  unsubscribe.splice(0).forEach((u) => u());
  setFeedback(null);
  setSessionSource(() => null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

describe('request: envelope and headers', () => {
  it('unwraps data on code 200 and sends the session headers', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'success', data: { nick: '小万' } }));
    await expect(get<{ nick: string }>('/v1/user/info', { app_channel: 'web' })).resolves.toEqual({ nick: '小万' });
    const { url, init } = lastCall();
    expect(url).toBe('/api/v1/user/info?app_channel=web');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ token: 'tok-1', 'access-token': 'acc-1', uid: '42', 'app-name': 'wanxiang' });
  });

  it('posts JSON bodies', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'ok', data: null }));
    await post('/v1/user/sendSmsCode', { phone: '13800138000' });
    const { url, init } = lastCall();
    expect(url).toBe('/api/v1/user/sendSmsCode');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"phone":"13800138000"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no token headers for a visitor', () => {
    setSessionSource(() => null);
    expect(authHeaders()).toEqual({ 'app-name': 'wanxiang' });
  });

  it('builds URLs: /api prefix once, undefined query values dropped', () => {
    expect(apiUrl('/v1/x', { a: 1, b: undefined, c: null, d: 'y z' })).toBe('/api/v1/x?a=1&d=y+z');
    expect(apiUrl('/api/v1/x')).toBe('/api/v1/x');
  });
});

describe('request: failures', () => {
  it("a non-200 code shows a '错误' notice with the msg and rejects with code and msg", async () => {
    fetchMock.mockResolvedValue(json({ code: 1000, msg: '验证码错误，请重新输入', data: null }));
    const err = await request('/v1/user/phoneLogin', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ code: 1000, msg: '验证码错误，请重新输入' });
    expect(notices.notifyError).toHaveBeenCalledWith('错误', '验证码错误，请重新输入');
  });

  it('silent calls reject without a notice; an empty msg becomes 请求失败', async () => {
    fetchMock.mockResolvedValue(json({ code: 1000, msg: '', data: null }));
    await expect(request('/v1/x', { silent: true })).rejects.toMatchObject({ code: 1000, msg: MSG.requestFailed });
    expect(notices.notifyError).not.toHaveBeenCalled();
  });

  it('reads `message` when the envelope has no msg', async () => {
    fetchMock.mockResolvedValue(json({ code: 429, message: '操作过于频繁，请稍后再试' }, 429));
    await expect(request('/v1/x')).rejects.toMatchObject({ code: 429, msg: '操作过于频繁，请稍后再试' });
  });

  it('code 403 rejects with the whole body and no notice', async () => {
    const body = { code: 403, msg: '无权限', data: { popup: { title: '次数不足' } } };
    fetchMock.mockResolvedValue(json(body));
    const err = await request('/v1/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 403, body });
    expect(notices.notifyError).not.toHaveBeenCalled();
  });

  it('a non-JSON error page rejects with 请求失败 and the HTTP status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(request('/v1/x')).rejects.toMatchObject({ code: 502, msg: '请求失败' });
    expect(notices.notifyError).toHaveBeenCalledWith('错误', '请求失败');
  });

  it("network failure: notice '错误1' and 504 网络异常，请稍后重新尝试。", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/v1/x')).rejects.toMatchObject({ code: 504, msg: '网络异常，请稍后重新尝试。' });
    expect(notices.notifyError).toHaveBeenCalledWith('错误1', '网络异常，请稍后重新尝试。');
  });

  it('times out after 120000 ms by default: aborts and rejects 504 请求超时，请稍后重新尝试。', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const pending = request('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await pending).toMatchObject({ code: 504, msg: '请求超时，请稍后重新尝试。' });
  });

  it('honours a shorter timeoutMs', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) => new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = request('/v1/slow', { timeoutMs: 50, silent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(await pending).toMatchObject({ code: 504, msg: MSG.timeout });
  });

  it("a caller's abort is handed back as it came, without a notice", async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('stop', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = request('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(DOMException);
    expect(notices.notifyError).not.toHaveBeenCalled();
  });
});

describe('request: session expiry', () => {
  it.each([401, 4001, 4005])('body code %i logs out, opens login at once and rejects 登陆失效', async (code) => {
    fetchMock.mockResolvedValue(json({ code, msg: '登录已过期', data: null }));
    await expect(request('/v1/x')).rejects.toMatchObject({ code, msg: '登陆失效' });
    expect(expired).toBe(1);
    expect(loginOpened).toBe(1);
    expect(notices.notifyError).not.toHaveBeenCalled();
  });

  it('HTTP 401 warns 登录失效请重新登录, logs out, and opens login after 1 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ code: 401, msg: '请先登录您的账户！', data: null }, 401));
    await expect(request('/v1/x')).rejects.toMatchObject({ code: 401, msg: '登陆失效' });
    expect(notices.warn).toHaveBeenCalledWith('登录失效请重新登录');
    expect(expired).toBe(1);
    expect(loginOpened).toBe(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(loginOpened).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(loginOpened).toBe(1);
  });

  it('ignoreAuthExpiry leaves the session alone (used by logout itself)', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'x', data: null }, 401));
    await expect(request('/v1/user/logout', { body: {}, ignoreAuthExpiry: true, silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(expired).toBe(0);
    expect(loginOpened).toBe(0);
  });

  it('the user store clears the session and chat stores hear logged-out', async () => {
    const { useUserStore } = await import('../stores/user');
    useUserStore.setState({ token: 'tok-9', user: null });
    let loggedOut = 0;
    unsubscribe.push(onLoggedOut(() => loggedOut++));
    fetchMock.mockResolvedValue(json({ code: 4005, msg: 'x', data: null }));
    await expect(request('/v1/x')).rejects.toMatchObject({ code: 4005 });
    expect(useUserStore.getState().token).toBe('');
    expect(loggedOut).toBe(1);
  });
});
