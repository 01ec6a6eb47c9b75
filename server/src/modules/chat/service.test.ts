import { describe, expect, it } from 'vitest';
import { Code, MSG, STREAM_ERROR_CODES } from '@wanxiang/contract';
import { loadCatalog, type CatalogModel } from '../../catalog';
import { LlmError } from '../../llm/errors';
import { AppError } from '../../http/errors';
import { upstreamErrorEvent } from '../../streaming/engine';
import { assertPhoneBound, buildUpstreamMessages } from './service';
import { encodeEvent } from '../../streaming/sse';

const catalog = loadCatalog();
const v35 = catalog.get('v35')!;

describe('chat rules', () => {
  it('refuses an account without a bound phone with NEED_PHONE', () => {
    expect(() => assertPhoneBound({ phone: null })).toThrow(AppError);
    expect(() => assertPhoneBound({ phone: '' })).toThrow(expect.objectContaining({ code: Code.NEED_PHONE, message: MSG.needPhone }));
    expect(() => assertPhoneBound({ phone: '13800138000' })).not.toThrow();
  });

  it('sends the session history, then the new question, after the model system prompt', () => {
    const history = [
      { role: 'user' as const, content: '你好' },
      { role: 'assistant' as const, content: '你好！有什么可以帮你？' },
    ];
    expect(buildUpstreamMessages(v35, { messages: history, prompt: '讲个笑话' })).toEqual([
      ...history,
      { role: 'user', content: '讲个笑话' },
    ]);
    const withSystem: CatalogModel = { ...v35, systemPrompt: '你是万象 AI。' };
    expect(buildUpstreamMessages(withSystem, { prompt: '在吗' })).toEqual([
      { role: 'system', content: '你是万象 AI。' },
      { role: 'user', content: '在吗' },
    ]);
  });

  it('maps upstream failures to their Chinese error event', () => {
    expect(upstreamErrorEvent(new LlmError('timeout', 'first byte'))).toEqual({
      code: STREAM_ERROR_CODES.upstreamTimeout,
      msg: MSG.upstreamTimeout,
    });
    expect(upstreamErrorEvent(new LlmError('http', 'HTTP 500', 500))).toEqual({
      code: STREAM_ERROR_CODES.upstreamFailed,
      msg: MSG.upstreamFailed,
    });
    expect(upstreamErrorEvent(new Error('socket hang up'))).toEqual({ code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.upstreamFailed });
  });

  it('encodes one SSE frame per event with a JSON data line', () => {
    expect(encodeEvent('text', { text: '多行\n文本' })).toBe('event: text\ndata: {"text":"多行\\n文本"}\n\n');
  });
});
