import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, MSG, type ModelEntry } from '@wanxiang/contract';
import { setFeedback, type Feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useUserStore } from '../../../stores/user';
import { useBindPhoneStore } from '../../account/bind-phone/bind-phone-store';
import { onOpenLoginDialog } from '../../../app-events';
import { afterReply, openGateRefusal, passQuotaGate, precheckQuota } from './quota-gate';
import { useGateStore } from './gate-store';

/** The quota gate's calls and dialogs, with the server answered by a fetch stub. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const calls = () => fetchMock.mock.calls.map(([url, init]) => [String(url), JSON.parse(String(init?.body ?? 'null')) as unknown]);

const model = (over: Partial<ModelEntry> = {}) =>
  ({
    key: 'chat_4o',
    checkKey: 'chat_v40',
    isFree: false,
    only_points: false,
    allow_points: true,
    consume_points: 5,
    ...over,
  }) as ModelEntry;

const silent: Feedback = { notifyError: vi.fn(), warn: vi.fn(), success: vi.fn(), error: vi.fn(), confirm: vi.fn() };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setFeedback(silent);
  useGateStore.getState().close();
  useChatExtras.getState().setUsePoints(false);
  useUserStore.setState({ token: '', user: null });
  document.cookie = 'chat_vip_modal=; max-age=0; path=/';
});
afterEach(() => {
  setFeedback(null);
  vi.unstubAllGlobals();
});

describe('precheckQuota', () => {
  it('checks the model’s quota key and lets the send go on when code is 200', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'success', data: { key: 'chat_v40', maxNumber: 2, balance: 2, used: 0 } }));
    expect(await precheckQuota(model())).toBe(true);
    expect(calls()).toEqual([['/api/v1/number/check', { type: 'chat_v40', number: 1 }]]);
    expect(useGateStore.getState().dialog).toBeNull();
  });

  it('a NO_COUNT answer stops the send and opens the count popup with the tier from the answer', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: Code.NO_COUNT, msg: MSG.countExhausted, data: { vip: 1 } }));
    expect(await precheckQuota(model())).toBe(false);
    expect(useGateStore.getState().dialog).toEqual({ kind: 'count', vip: 1, text: MSG.countExhausted });
  });

  it('makes no call for v35, only_points models, or with 开启积分抵扣 on', async () => {
    expect(await precheckQuota(model({ key: 'v35', checkKey: 'chat', allow_points: false, consume_points: 0 }))).toBe(true);
    expect(await precheckQuota(model({ only_points: true }))).toBe(true);
    useChatExtras.getState().setUsePoints(true);
    expect(await precheckQuota(model())).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('afterReply', () => {
  it('submits 1 and opens the countdown nudge once: the cookie keeps it for a day', async () => {
    const answer = () => json({ code: 200, msg: 'success', data: { key: 'chat_v40', maxNumber: 2, balance: 0, used: 2, charged: false } });
    fetchMock.mockImplementation(async () => answer());
    await afterReply(model());
    expect(calls()).toEqual([['/api/v1/number/submit', { type: 'chat_v40', number: 1 }]]);
    expect(useGateStore.getState().dialog).toEqual({ kind: 'nudge', left: 0, maxNumber: 2 });
    expect(document.cookie).toContain('chat_vip_modal=1');
    useGateStore.getState().close();
    await afterReply(model());
    expect(useGateStore.getState().dialog).toBeNull();
  });

  it('never nudges the vip 79 group, and free models submit nothing', async () => {
    useUserStore.setState({ token: 't', user: { vip: 79 } as never });
    fetchMock.mockImplementation(async () => json({ code: 200, msg: 'success', data: { key: 'chat', maxNumber: 2, balance: 0, used: 2 } }));
    await afterReply(model());
    expect(useGateStore.getState().dialog).toBeNull();
    fetchMock.mockClear();
    await afterReply(model({ isFree: true, allow_points: false, consume_points: 0 }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('openGateRefusal', () => {
  it('maps the refusal codes to their dialogs and leaves other codes alone', () => {
    expect(openGateRefusal(Code.TIER_DENIED, MSG.tierDeniedVip52)).toBe(true);
    expect(useGateStore.getState().dialog).toEqual({ kind: 'tier', text: MSG.tierDeniedVip52 });
    expect(openGateRefusal(Code.NO_POINTS, MSG.pointsNotEnough(5))).toBe(true);
    expect(useGateStore.getState().dialog).toEqual({ kind: 'points', text: MSG.pointsNotEnough(5) });
    expect(openGateRefusal(Code.MODEL_OFFLINE, MSG.modelOffline)).toBe(false);
  });
});

describe('passQuotaGate (the one gate of chat, searches and tools)', () => {
  it('asks a visitor to log in first when login is required, without a check', async () => {
    const login = vi.fn();
    const off = onOpenLoginDialog(login);
    expect(await passQuotaGate({ quotaKey: 'resource_cloud', requireLogin: true })).toBe(false);
    off();
    expect(login).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the quota name and opens the dialog of a refusal: tier, points, bind phone', async () => {
    useUserStore.setState({ token: 't', user: { vip: 0 } as never });
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'success', data: { key: 'resource_cloud', maxNumber: 2, balance: 1, used: 1 } }));
    expect(await passQuotaGate({ quotaKey: 'resource_cloud', requireLogin: true })).toBe(true);
    expect(calls()).toEqual([['/api/v1/number/check', { type: 'resource_cloud', number: 1 }]]);

    fetchMock.mockResolvedValueOnce(json({ code: Code.TIER_DENIED, msg: '请升级会员', data: null }));
    expect(await passQuotaGate({ quotaKey: 'chat_v40' })).toBe(false);
    expect(useGateStore.getState().dialog).toEqual({ kind: 'tier', text: '请升级会员' });

    fetchMock.mockResolvedValueOnce(json({ code: Code.NEED_PHONE, msg: MSG.needPhone, data: null }));
    expect(await passQuotaGate({ quotaKey: 'chat_v40' })).toBe(false);
    expect(useBindPhoneStore.getState().open).toBe(true);
    useBindPhoneStore.getState().hide();
  });

  it('a check that could not run: searches go on, the chat tells the error and stops (a time-out goes on)', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: '服务异常', data: null }));
    expect(await passQuotaGate({ quotaKey: 'resource_cloud' })).toBe(true);
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: '服务异常', data: null }));
    expect(await passQuotaGate({ quotaKey: 'chat_v40', onCheckError: 'notify' })).toBe(false);
    expect(silent.notifyError).toHaveBeenCalledWith(MSG.errorTitle, '服务异常');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await passQuotaGate({ quotaKey: 'chat_v40', onCheckError: 'notify' })).toBe(true);
  });
});
