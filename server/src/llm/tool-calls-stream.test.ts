import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiStreamClient, wireBody } from './openai-stream';
import { sse, startFakeVendor, type FakeVendor } from './testing/fake-vendor';
import { planToolTurn } from './demo-upstream/tool-calls';
import { parseCompletionBody } from './demo-upstream/protocol';
import type { LlmDelta } from './types';
import type { ChatCompletionBody } from './vendors';

/** Streamed OpenAI tool_calls: fragments assembled per index, the wire shape of tool turns, and the demo's tool turns. */
let fake: FakeVendor;
let client: OpenAiStreamClient;
const opts = () => ({ signal: new AbortController().signal, firstByteTimeoutMs: 2_000, idleTimeoutMs: 2_000 });
const body = (): ChatCompletionBody => ({ model: 'fake-model', messages: [{ role: 'user', content: '现在几点' }], stream: true });

beforeAll(async () => {
  fake = await startFakeVendor();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await client?.close();
});

async function collect(it: AsyncIterable<LlmDelta>): Promise<LlmDelta[]> {
  const out: LlmDelta[] = [];
  for await (const d of it) out.push(d);
  return out;
}

describe('tool calls in the OpenAI stream', () => {
  it('assembles two interleaved calls from their fragments and yields them in index order at finish_reason', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) =>
      sse(res, [
        { delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'fake__add', arguments: '' } }] } },
        { delta: { tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'fake__echo', arguments: '{"te' } }] } },
        { delta: { tool_calls: [{ index: 0, function: { arguments: '{"a":2,' } }] } },
        { delta: { tool_calls: [{ index: 1, function: { arguments: 'xt":"hi"}' } }] } },
        { delta: { tool_calls: [{ index: 0, function: { arguments: '"b":3}' } }] } },
        { delta: {}, finish_reason: 'tool_calls' },
      ]);
    const tools = [{ type: 'function' as const, function: { name: 'fake__add', parameters: { type: 'object' } } }];
    const deltas = await collect(client.stream({ baseUrl: fake.baseUrl }, { ...body(), tools }, opts()));
    expect(deltas).toEqual([
      { type: 'tool_call', id: 'call_a', name: 'fake__add', arguments: '{"a":2,"b":3}' },
      { type: 'tool_call', id: 'call_b', name: 'fake__echo', arguments: '{"text":"hi"}' },
    ]);
    expect(fake.requests.at(-1)!.body).toMatchObject({ tools });
  });

  it('flushes calls at [DONE] when no finish_reason came, fills a missing index, id and arguments', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) =>
      sse(res, [{ delta: { content: '我查一下。' } }, { delta: { tool_calls: [{ function: { name: 'fake__current_time' } }] } }], { done: true });
    const deltas = await collect(client.stream({ baseUrl: fake.baseUrl }, body(), opts()));
    expect(deltas).toEqual([
      { type: 'text', text: '我查一下。' },
      { type: 'tool_call', id: 'call_0', name: 'fake__current_time', arguments: '{}' },
    ]);
  });

  it('sends tool turns in OpenAI shape: assistant tool_calls with null content, tool messages with tool_call_id', () => {
    const wire = wireBody({
      model: 'm',
      stream: true,
      messages: [
        { role: 'user', content: '2 加 3' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'fake__add', arguments: '{"a":2,"b":3}' }] },
        { role: 'tool', content: '5', toolCallId: 'c1' },
      ],
    });
    expect(JSON.parse(JSON.stringify(wire))).toEqual({
      model: 'm',
      stream: true,
      messages: [
        { role: 'user', content: '2 加 3' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'fake__add', arguments: '{"a":2,"b":3}' } }] },
        { role: 'tool', content: '5', tool_call_id: 'c1' },
      ],
    });
  });
});

describe('demo upstream tool turns', () => {
  const tools = [
    { type: 'function', function: { name: 'fake__echo', description: 'Echo', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } },
    { type: 'function', function: { name: 'fake__add', description: 'Add', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } } },
  ];
  const plan = (messages: unknown[], withTools = tools) => planToolTurn(parseCompletionBody({ model: 'm', messages, tools: withTools })!);

  it('calls the tool the question names, with arguments from its schema', () => {
    expect(plan([{ role: 'user', content: '用 add 工具算 2 加 3' }])).toEqual({
      kind: 'call',
      call: { id: expect.stringMatching(/^call_demo_/), name: 'fake__add', arguments: '{"a":2,"b":3}' },
    });
    // 使用工具 without a name: the first tool, the question as its text.
    expect(plan([{ role: 'user', content: '请使用工具回显这句话' }])).toMatchObject({ kind: 'call', call: { name: 'fake__echo', arguments: '{"text":"请使用工具回显这句话"}' } });
  });

  it('answers as usual when no tool is asked for, or none is offered', () => {
    expect(plan([{ role: 'user', content: 'how to add numbers' }])).toBeUndefined();
    expect(plan([{ role: 'user', content: '请使用工具' }], [])).toBeUndefined();
  });

  it('after the tool answers, quotes them', () => {
    const turn = plan([
      { role: 'user', content: '用 add 工具算 2 加 3' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'fake__add', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '5' },
    ]);
    expect(turn).toEqual({ kind: 'answer', text: '工具 `fake__add` 返回：\n\n> 5\n\n以上是根据工具结果给出的回答。' });
  });
});
