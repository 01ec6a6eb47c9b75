import { describe, expect, it } from 'vitest';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { checkSend, type SendCheckInput } from './send-rules';

const base: SendCheckInput = { text: '你好', sending: false, loggedIn: true, lastSentAt: 0, now: 10_000, model: undefined };

describe('checkSend', () => {
  it('accepts a trimmed question', () => {
    expect(checkSend({ ...base, text: '  你好 \n' })).toEqual({ ok: true, prompt: '你好' });
  });
  it('refuses in the order of the spec', () => {
    expect(checkSend({ ...base, text: '  ' })).toMatchObject({ reason: 'empty', msg: MSG.askEmpty });
    expect(checkSend({ ...base, sending: true })).toMatchObject({ reason: 'pending', msg: MSG.replyPending });
    expect(checkSend({ ...base, lastSentAt: 9_500 })).toMatchObject({ reason: 'throttled' });
    expect(checkSend({ ...base, lastSentAt: 9_000 }).ok).toBe(true);
    expect(checkSend({ ...base, loggedIn: false })).toMatchObject({ reason: 'login', msg: MSG.unauthorized });
    const offline = { online: false } as ModelEntry;
    expect(checkSend({ ...base, model: offline })).toMatchObject({ reason: 'offline', msg: MSG.modelOffline });
  });
});
