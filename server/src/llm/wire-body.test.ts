import { describe, expect, it } from 'vitest';
import { wireBody } from './openai-stream';
import type { ChatCompletionBody } from './vendors';

describe('wireBody', () => {
  it('leaves a text-only body as it is (no copy on the hot path)', () => {
    const body: ChatCompletionBody = { model: 'm', stream: true, messages: [{ role: 'user', content: '你好' }] };
    expect(wireBody(body)).toBe(body);
  });

  it('sends a message with parts as an OpenAI content array, and only that one', () => {
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AAAA' } };
    const body: ChatCompletionBody = {
      model: 'glm-4v',
      stream: true,
      messages: [
        { role: 'system', content: '系统' },
        { role: 'user', content: '图里有什么？', parts: [{ type: 'text', text: '图里有什么？' }, image] },
      ],
    };
    expect(JSON.parse(JSON.stringify(wireBody(body)))).toEqual({
      model: 'glm-4v',
      stream: true,
      messages: [
        { role: 'system', content: '系统' },
        { role: 'user', content: [{ type: 'text', text: '图里有什么？' }, image] },
      ],
    });
  });
});
