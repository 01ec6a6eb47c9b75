import { describe, expect, it } from 'vitest';
import { prettyArguments, withToolEvent } from './tool-events';

describe('withToolEvent', () => {
  it('adds a row per call and completes it with its result, in order', () => {
    let tools = withToolEvent([], { event: 'tool_call', data: { id: 'a', name: 'echo', server: 'fake', arguments: '{"text":"hi"}' } });
    tools = withToolEvent(tools, { event: 'tool_call', data: { id: 'b', name: 'add', arguments: '{}' } });
    tools = withToolEvent(tools, { event: 'tool_result', data: { id: 'a', name: 'echo', ok: true, content: 'echo: hi' } });
    expect(tools).toEqual([
      { id: 'a', name: 'echo', server: 'fake', arguments: '{"text":"hi"}', ok: true, content: 'echo: hi' },
      { id: 'b', name: 'add', arguments: '{}' },
    ]);
    // A repeated call event changes nothing; a result without its call still shows.
    expect(withToolEvent(tools, { event: 'tool_call', data: { id: 'a', name: 'echo', arguments: '' } })).toBe(tools);
    expect(withToolEvent([], { event: 'tool_result', data: { id: 'x', name: 't', ok: false, content: '失败' } })).toEqual([
      { id: 'x', name: 't', arguments: '', ok: false, content: '失败' },
    ]);
  });

  it('pretty-prints JSON arguments and leaves other text alone', () => {
    expect(prettyArguments('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyArguments('not json')).toBe('not json');
  });
});
