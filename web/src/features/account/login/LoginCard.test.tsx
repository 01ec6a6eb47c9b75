import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from 'antd';
import { MSG } from '@wanxiang/contract';
import { MemoryRouter } from 'react-router';
import { setFeedback, type Feedback } from '../../../components/feedback/holder';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { useUserStore } from '../../../stores/user';
import { LoginCard } from './LoginCard';

const fetchMock = vi.fn<typeof fetch>();
const notices = {
  notifyError: vi.fn<Feedback['notifyError']>(),
  warn: vi.fn<Feedback['warn']>(),
  success: vi.fn<Feedback['success']>(),
  error: vi.fn<Feedback['error']>(),
  confirm: vi.fn<Feedback['confirm']>(),
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeAll(() => installJsdomShims());

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(notices).forEach((m) => m.mockReset());
  setFeedback(notices);
  useUserStore.setState({ token: '', user: null });
});

afterEach(() => {
  cleanup();
  setFeedback(null);
});

function renderCard(onSuccess = vi.fn()) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <MemoryRouter>
        <LoginCard initialInviteCode="INV42" onSuccess={onSuccess} />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return onSuccess;
}

const phoneInput = () => screen.getByPlaceholderText('请输入手机号');
const codeInput = () => screen.getByPlaceholderText('请输入验证码');

// antd's first render in jsdom takes a second or two; keep slow CI machines from timing out.
describe('LoginCard: code login', { timeout: 20_000 }, () => {
  it('refuses a bad phone before asking for a code', async () => {
    renderCard();
    fireEvent.change(phoneInput(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号再提交！')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code, counts down 120 s and blocks a re-send with 请等待2分钟后再试！', async () => {
    renderCard();
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'ok', data: null }));
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('120s 后重新获取')).toBeTruthy();
    expect(notices.success).toHaveBeenCalledWith('发送验证码成功！');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/user/sendSmsCode');
    expect(init?.body).toBe('{"phone":"13800138000"}');

    fireEvent.click(screen.getByRole('button', { name: '120s 后重新获取' }));
    expect(notices.warn).toHaveBeenCalledWith('请等待2分钟后再试！');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('names the code rule for a bad code, then logs in with the invite code and stores the session', async () => {
    const onSuccess = renderCard();
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '12' } });
    fireEvent.submit(codeInput().closest('form') as HTMLFormElement);
    expect(await screen.findByText('请输入正确4-6位手机验证码再提交！')).toBeTruthy();

    fetchMock.mockResolvedValue(
      json({ code: 200, msg: 'ok', data: { id: 1, uid: 1, token: 'tok-new', access_token: 'a', phone: '13800138000', vip: 0 } }),
    );
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.submit(codeInput().closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toBe('/api/v1/user/phoneLogin');
    expect(JSON.parse(String(init?.body))).toEqual({ phone: '13800138000', code: '123456', invite_code: 'INV42', app_channel: 'web' });
    expect(useUserStore.getState().token).toBe('tok-new');
    expect(notices.success).toHaveBeenCalledWith('登录成功！');
  });

  it('shows the server msg when login is refused and stays logged out', async () => {
    const onSuccess = renderCard();
    fetchMock.mockResolvedValue(json({ code: 1000, msg: '验证码错误，请重新输入', data: null }));
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.submit(codeInput().closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(notices.error).toHaveBeenCalledWith('验证码错误，请重新输入'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(useUserStore.getState().token).toBe('');
  });
});

describe('LoginCard: password login and tabs', { timeout: 20_000 }, () => {
  it('validates empty account and password with the spec messages', async () => {
    renderCard();
    fireEvent.click(screen.getByText('密码登录'));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入正确的用户名！')).toBeTruthy();
    expect(await screen.findByText('请输入正确的密码！')).toBeTruthy();
  });

  it('slowed-down password checks (429) show the message and open code login instead', async () => {
    renderCard();
    fireEvent.click(screen.getByText('密码登录'));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 429, msg: MSG.passwordTooManyTries, data: null }), { status: 429 }));
    fireEvent.change(screen.getByPlaceholderText('请输入手机号 / 邮箱 / 用户名'), { target: { value: 'someone' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'secret123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登录' }));
    });
    await waitFor(() => expect(notices.error).toHaveBeenCalledWith(MSG.passwordTooManyTries));
    expect(await screen.findByPlaceholderText('请输入验证码')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入密码')).toBeNull();
  });

  it('shows the locked invite code, and the WeChat tab has no login button', async () => {
    fetchMock.mockImplementation(async () => json({ code: 500, msg: '微信登录暂未开放，请使用账号登录', data: null }));
    renderCard();
    expect(screen.getByText('邀请码：INV42')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '微信登录' }));
    // A refused QR fetch shows the server's msg (or 获取微信登录信息失败 without one).
    expect(await screen.findByText('微信登录暂未开放，请使用账号登录')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^登录/ })).toBeNull();
  });
});

describe('LoginCard: WeChat QR', { timeout: 20_000 }, () => {
  const QR_ID = 'Q'.repeat(22);
  const qr = (n: number) => ({
    url: `http://localhost/api/v1/user/wxDevConfirm?qrcode_id=${QR_ID}${n}`,
    qr_type: 'text',
    qrcode_id: QR_ID,
    expires_in: 300,
  });
  const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

  it('polls every 2 s while waiting, logs in on status 1 with the invite code and says 登录成功！', async () => {
    const statuses = [0, 1];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('getWxQrcode')) return json({ code: 200, msg: '', data: qr(1) });
      if (url.includes('queryWxQrcode')) return json({ code: 200, msg: '', data: { status: statuses.shift() ?? 1 } });
      if (url.includes('loginWxQrcode'))
        return json({ code: 200, msg: '登录成功！', data: { id: 9, token: 'wx-token-123456789', phone: '' } });
      return json({ code: 200, msg: '', data: null });
    });
    const onSuccess = renderCard();
    fireEvent.click(screen.getByRole('tab', { name: '微信登录' }));
    expect(await screen.findByTestId('wechat-qr')).toBeTruthy();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), { timeout: 8000 });
    expect(calls('queryWxQrcode')).toHaveLength(2);
    const body = JSON.parse(String(calls('loginWxQrcode')[0]![1]!.body)) as Record<string, string>;
    expect(body).toMatchObject({ qrcode_id: QR_ID, invite_code: 'INV42', app_channel: 'web' });
    expect(notices.success).toHaveBeenCalledWith('登录成功！');
    expect(useUserStore.getState().token).toBe('wx-token-123456789');
  });

  it('an expired QR says 重新获取二维码！ and fetches a new one; leaving the tab stops polling', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('getWxQrcode')) return json({ code: 200, msg: '', data: qr(calls('getWxQrcode').length) });
      if (url.includes('queryWxQrcode')) return json({ code: 200, msg: '', data: { status: calls('getWxQrcode').length === 1 ? 2 : 0 } });
      return json({ code: 200, msg: '', data: null });
    });
    renderCard();
    fireEvent.click(screen.getByRole('tab', { name: '微信登录' }));
    await waitFor(() => expect(calls('getWxQrcode')).toHaveLength(2), { timeout: 6000 });
    expect(notices.warn).toHaveBeenCalledWith('重新获取二维码！');
    fireEvent.click(screen.getByRole('tab', { name: '账号登录' }));
    const polled = calls('queryWxQrcode').length;
    await act(() => new Promise((r) => setTimeout(r, 2500)));
    expect(calls('queryWxQrcode')).toHaveLength(polled);
  });
});
