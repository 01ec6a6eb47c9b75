import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '@wanxiang/contract';
import type { ChatMessage } from '../../../stores/chat-state';
import { wantsFollowups } from './followup-rules';

const reply = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'r',
  state: 'ok',
  target: 'assistant',
  message: '回答',
  reasoning: '',
  messageType: 'text',
  modelname: 'v35',
  dateTime: 0,
  ...over,
});
const model = (checkKey: ModelEntry['checkKey']) => ({ checkKey }) as ModelEntry;

describe('wantsFollowups', () => {
  it('after a complete answer of a chat model', () => {
    expect(wantsFollowups(model('chat'), reply())).toBe(true);
    expect(wantsFollowups(undefined, reply())).toBe(true);
  });
  it('not after the chart model, a failed or empty reply', () => {
    expect(wantsFollowups(model('chat_table'), reply())).toBe(false);
    expect(wantsFollowups(model('chat'), reply({ state: 'error' }))).toBe(false);
    expect(wantsFollowups(model('chat'), reply({ message: '  ' }))).toBe(false);
    expect(wantsFollowups(model('chat'), undefined)).toBe(false);
  });
});
