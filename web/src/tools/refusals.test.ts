import { afterEach, describe, expect, it } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import { onOpenLoginDialog } from '../app-events';
import { useBindPhoneStore } from '../features/account/bind-phone/bind-phone-store';
import { useGateStore } from '../features/chat/gates/gate-store';
import { RequestError } from '../api/request';
import { handleRunRefusal, runErrorText } from './refusals';

describe('a refused or failed tool run', () => {
  afterEach(() => {
    useGateStore.getState().close();
    useBindPhoneStore.getState().hide();
  });

  it('opens the membership dialogs for counts, tier and points, and shows nothing else', () => {
    expect(handleRunRefusal(Code.NO_COUNT, '次数已用尽')).toBeNull();
    expect(useGateStore.getState().dialog).toMatchObject({ kind: 'count', text: '次数已用尽' });
    expect(handleRunRefusal(Code.TIER_DENIED, '仅限会员')).toBeNull();
    expect(useGateStore.getState().dialog).toMatchObject({ kind: 'tier', text: '仅限会员' });
    expect(handleRunRefusal(Code.NO_POINTS, '积分不足')).toBeNull();
    expect(useGateStore.getState().dialog).toMatchObject({ kind: 'points' });
  });

  it('asks for a login or a phone', () => {
    let opened = 0;
    const off = onOpenLoginDialog(() => opened++);
    expect(handleRunRefusal(Code.UNAUTHORIZED, '请先登录')).toBeNull();
    off();
    expect(opened).toBe(1);
    expect(handleRunRefusal(Code.NEED_PHONE, '')).toBe(MSG.needPhone);
    expect(useBindPhoneStore.getState().open).toBe(true);
  });

  it('shows the fair-use 429, bad input and stream errors in the server own words', () => {
    expect(handleRunRefusal(Code.RATE_LIMITED, MSG.streamsTooMany(3))).toBe(MSG.streamsTooMany(3));
    expect(handleRunRefusal(Code.BAD_REQUEST, '请填写需求')).toBe('请填写需求');
    expect(handleRunRefusal(502, '')).toBe(MSG.toolAnswerFailed);
    expect(useGateStore.getState().dialog).toBeNull();
  });

  it('answers a thrown request error by the same rules, and anything else with the page own words or nothing', () => {
    expect(runErrorText(new RequestError(Code.BAD_REQUEST, '请填写需求'), '生成失败')).toBe('请填写需求');
    expect(runErrorText(new RequestError(Code.NO_COUNT, '次数已用尽'), '生成失败')).toBeNull();
    expect(useGateStore.getState().dialog).toMatchObject({ kind: 'count' });
    expect(runErrorText(new TypeError('Failed to fetch'), '生成失败')).toBe('生成失败');
    expect(runErrorText(new TypeError('Failed to fetch'))).toBeNull();
  });
});
