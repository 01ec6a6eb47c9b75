import { describe, expect, it } from 'vitest';
import { MESSAGE_TOOL_CONTENT_MAX } from '@wanxiang/contract';
import { ReplyExtrasRecorder } from './reply-extras';

describe('ReplyExtrasRecorder', () => {
  it('is empty (null column) for a reply that neither searched nor called a tool', () => {
    expect(new ReplyExtrasRecorder().value()).toBeUndefined();
  });

  it('pairs each result with its call, in order, and keeps the search', () => {
    const r = new ReplyExtrasRecorder();
    r.searched('天气', [{ title: '天气预报', href: 'https://example.com/w' }]);
    r.tool({ event: 'tool_call', data: { id: 'a', name: 'echo', server: 'fake', arguments: '{"text":"1"}' } });
    r.tool({ event: 'tool_call', data: { id: 'b', name: 'add', arguments: '{"a":1,"b":2}' } });
    r.tool({ event: 'tool_result', data: { id: 'b', name: 'add', ok: true, content: '3' } });
    r.tool({ event: 'tool_result', data: { id: 'a', name: 'echo', ok: false, content: '失败' } });
    expect(r.value()).toEqual({
      search: { query: '天气', sources: [{ title: '天气预报', href: 'https://example.com/w' }] },
      tools: [
        { id: 'a', name: 'echo', server: 'fake', arguments: '{"text":"1"}', ok: false, content: '失败' },
        { id: 'b', name: 'add', arguments: '{"a":1,"b":2}', ok: true, content: '3' },
      ],
    });
  });

  it('cuts a long tool answer and keeps a result whose call it never saw', () => {
    const r = new ReplyExtrasRecorder();
    r.tool({ event: 'tool_result', data: { id: 'x', name: 'fetch', ok: true, content: '字'.repeat(MESSAGE_TOOL_CONTENT_MAX + 10) } });
    const [tool] = r.value()!.tools!;
    expect(tool).toMatchObject({ id: 'x', name: 'fetch', arguments: '', ok: true });
    expect(tool!.content).toBe(`${'字'.repeat(MESSAGE_TOOL_CONTENT_MAX)}…`);
    expect(r.value()).not.toHaveProperty('search');
  });
});
