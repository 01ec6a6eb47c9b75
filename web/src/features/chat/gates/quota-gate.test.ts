import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, MSG, type ModelEntry } from '@wanxiang/contract';
import { setFeedback, type Feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useUserStore } from '../../../stores/user';
import { afterReply, openGateRefusal, precheckQuota } from './quota-gate';
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
