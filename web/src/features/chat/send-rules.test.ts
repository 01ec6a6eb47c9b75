import { describe, expect, it } from 'vitest';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { checkSend, sendKeyAction, type EnterKey, type SendCheckInput } from './send-rules';

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

describe('sendKeyAction', () => {
  const key = (over: Partial<EnterKey> = {}): EnterKey => ({
    key: 'Enter',
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
    ...over,
  });

  it('mode 1: Enter sends, Shift+Enter is a newline', () => {
    expect(sendKeyAction(key(), 1)).toBe('send');
    expect(sendKeyAction(key({ shiftKey: true }), 1)).toBe('type');
    expect(sendKeyAction(key({ ctrlKey: true }), 1)).toBe('type');
    expect(sendKeyAction(key({ key: 'a' }), 1)).toBe('type');
  });

  it('mode 2: Ctrl+Enter (or ⌘+Enter) sends, Enter is a newline', () => {
    expect(sendKeyAction(key(), 2)).toBe('type');
    expect(sendKeyAction(key({ ctrlKey: true }), 2)).toBe('send');
    expect(sendKeyAction(key({ metaKey: true }), 2)).toBe('send');
    expect(sendKeyAction(key({ ctrlKey: true, shiftKey: true }), 2)).toBe('type');
  });

  it('never sends while an input method is composing', () => {
    expect(sendKeyAction(key({ isComposing: true }), 1)).toBe('type');
    expect(sendKeyAction(key({ isComposing: true, ctrlKey: true }), 2)).toBe('type');
  });
});

describe('send throttle', () => {
  it('allows one send per second, measured from the last accepted send', () => {
    const at = (lastSentAt: number, now: number) => checkSend({ ...base, lastSentAt, now });
    expect(at(1_000, 1_999)).toMatchObject({ ok: false, reason: 'throttled' });
    expect(at(1_000, 2_000).ok).toBe(true);
    expect(at(0, 10_000).ok).toBe(true);
  });
});
