import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { selectCurrentMessages, selectCurrentSession } from '../../stores/chat-selectors';
import { useCatalogStore } from '../../stores/chat-catalog';
import { useChatExtras } from '../../stores/chat-extras';
import { resumeReplies, runChat, stopActiveReply, type RunHandlers } from './chat-runner';
import { useFollowupStore } from './suggestions/followup-store';

const followupApi = vi.hoisted(() => ({
  questionExtend: vi.fn(async (_q: string, _s?: AbortSignal) => ['追问一？', '追问二？', '追问三？']),
}));
vi.mock('../../api/feedback', () => followupApi);

const sse = (...frames: [string, unknown][]) => frames.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');

function handlers(): RunHandlers & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    onRefusal: (r, prompt) => calls.push(`refusal:${r.code}:${prompt}`),
    onNoCount: (t) => calls.push(`no_count:${t}`),
    onDone: () => calls.push('done'),
    onStoppedWithText: () => calls.push('stopped-with-text'),
  };
}

function stubFetch(body: BodyInit, type = 'text/event-stream') {
  const fn = vi.fn(async () => new Response(body, { headers: { 'content-type': type } }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

const state = () => useChatStore.getState();

beforeEach(() => {
  vi.unstubAllGlobals();
  state().clearAll();
  useFollowupStore.getState().clear();
  followupApi.questionExtend.mockClear();
});

describe('runChat', () => {
  it('streams a reply into the store and sends earlier ok messages as history', async () => {
    const fetchFn = stubFetch(
      sse(
        ['meta', { conversationId: 'conv-1', messageId: 'm', model: 'deepseek-r1' }],
        ['reasoning', { text: '想一想' }],
        ['text', { text: '天空' }],
        ['text', { text: '是蓝的' }],
        ['done', { messageId: 'm', reasoningMs: 800 }],
      ),
    );
    const h = handlers();
    await runChat({ sessionId: state().currentId, model: 'deepseek-r1', prompt: '为什么？' }, h);
    const [q, a] = selectCurrentMessages(state());
    expect(q).toMatchObject({ target: 'user', message: '为什么？', state: 'ok' });
    expect(a).toMatchObject({ target: 'assistant', message: '天空是蓝的', reasoning: '想一想', state: 'ok', modelname: 'deepseek-r1' });
    expect(a?.reasoningMs).toBeGreaterThanOrEqual(0);
    expect(selectCurrentSession(state())?.conversationId).toBe('conv-1');
    expect(state().sending).toBe(false);
    expect(h.calls).toEqual(['done']);

    // The second question carries the first exchange and the server's conversation id.
    stubFetch(sse(['text', { text: '好' }], ['done', { messageId: 'm2' }]));
    await runChat({ sessionId: state().currentId, model: 'deepseek-r1', prompt: '再说一遍' }, h);
    const body = JSON.parse(String((vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.conversationId).toBe('conv-1');
    expect(body.messages).toEqual([
      { role: 'user', content: '为什么？', id: q?.id },
      { role: 'assistant', content: '天空是蓝的', id: a?.id },
    ]);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('removes the exchange on a refusal and hands the question back', async () => {
    stubFetch(JSON.stringify({ code: 4203, msg: MSG.needPhone, data: null }), 'application/json');
    const h = handlers();
    await runChat({ sessionId: state().currentId, model: 'v35', prompt: '你好' }, h);
    expect(selectCurrentMessages(state())).toEqual([]);
    expect(h.calls).toEqual(['refusal:4203:你好']);
    expect(state().sending).toBe(false);
  });

  it('shows stream errors and known failure texts on the reply', async () => {
    stubFetch(sse(['text', { text: '半' }], ['error', { code: 502, msg: MSG.upstreamFailed }]));
    await runChat({ sessionId: state().currentId, model: 'v35', prompt: 'a' }, handlers());
    expect(selectCurrentMessages(state()).at(-1)).toMatchObject({ state: 'error', errorText: MSG.upstreamFailed });

    stubFetch(sse(['text', { text: MSG.knownFailedReplies[2] as string }], ['done', { messageId: 'x' }]));
    await runChat({ sessionId: state().currentId, model: 'v35', prompt: 'b' }, handlers());
    expect(selectCurrentMessages(state()).at(-1)).toMatchObject({ state: 'error', errorText: MSG.retryLater, message: '' });

    const h = handlers();
    stubFetch(sse(['no_count', { text: MSG.countExhausted }]));
    await runChat({ sessionId: state().currentId, model: 'v40', prompt: 'c' }, h);
    expect(h.calls).toEqual([`no_count:${MSG.countExhausted}`]);
    expect(selectCurrentMessages(state()).at(-1)).toMatchObject({ state: 'error', errorText: MSG.countExhausted });
  });

  it('stop asks the server to stop the answer by its name and keeps what arrived as an ok reply (paid, so the balance is refreshed); nothing to stop reports false', async () => {
    expect(stopActiveReply()).toBe(false);
    const stops: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        // The stop button's call: the server ends the answer (leaving alone would not).
        if (url.endsWith('/v1/chat/stop')) {
          stops.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ code: 200, msg: MSG.stopSuccess, data: null }), { headers: { 'content-type': 'application/json' } });
        }
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(c) {
            if (!sent) {
              sent = true;
              c.enqueue(new TextEncoder().encode(sse(['meta', { conversationId: 'c', messageId: 'srv-1', model: 'v35' }], ['text', { text: '写到一半' }])));
              return;
            }
            return new Promise<void>((_, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const h = handlers();
    const run = runChat({ sessionId: state().currentId, model: 'v35', prompt: '长文' }, h);
    await vi.waitFor(() => expect(state().sending).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopActiveReply()).toBe(true);
    await run;
    expect(selectCurrentMessages(state()).at(-1)).toMatchObject({ state: 'ok', message: '写到一半' });
    expect(h.calls).toEqual(['stopped-with-text']);
    expect(stops).toEqual([{ messageId: 'srv-1' }]);
    expect(state().sending).toBe(false);
    expect(stopActiveReply()).toBe(false);
  });

  it('a connection cut mid-answer re-attaches with the last event id and finishes the same reply', async () => {
    const calls: { url: string; lastEventId: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, lastEventId: new Headers(init.headers).get('Last-Event-ID') });
        const enc = new TextEncoder();
        if (calls.length === 1) {
          // Two events with ids, then the body breaks off (no final event).
          let pulls = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(c) {
              if (pulls++ === 0) c.enqueue(enc.encode('id: 1\nevent: meta\ndata: {"conversationId":"c","messageId":"srv-2","model":"v35"}\n\nid: 2\nevent: text\ndata: {"text":"前半"}\n\n'));
              else c.error(new TypeError('network'));
            },
          });
          return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
        }
        return new Response('id: 3\nevent: text\ndata: {"text":"后半"}\n\nid: 4\nevent: done\ndata: {"messageId":"srv-2"}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    const h = handlers();
    await runChat({ sessionId: state().currentId, model: 'v35', prompt: '讲个故事' }, h);
    expect(calls.map((c) => [c.url.replace(/^.*\/api/, ''), c.lastEventId])).toEqual([
      ['/v1/chat2/v35', null],
      ['/v1/chat/stream/srv-2', '2'],
    ]);
    expect(selectCurrentMessages(state()).at(-1)).toMatchObject({ state: 'ok', message: '前半后半', streamId: 'srv-2' });
    expect(h.calls).toEqual(['done']);
  });

  it('after a reload, the reply left streaming is re-attached from its first event and redrawn to its end', async () => {
    const sid = state().currentId;
    state().addExchange(
      sid,
      { id: 'q1', state: 'ok', target: 'user', message: '问题', reasoning: '', messageType: 'text', modelname: 'v35', dateTime: 1 },
      { id: 'r1', state: 'waite', target: 'assistant', message: '旧的半句', reasoning: '', messageType: 'text', modelname: 'v35', dateTime: 2, streamId: 'srv-3' },
    );
    const fetchFn = stubFetch(sse(['meta', { conversationId: 'c', messageId: 'srv-3', model: 'v35' }], ['text', { text: '完整' }], ['text', { text: '的回答' }], ['done', { messageId: 'srv-3' }]));
    const h = handlers();
    await resumeReplies(h);
    expect(String((fetchFn.mock.calls[0] as unknown as [string])[0])).toMatch(/\/v1\/chat\/stream\/srv-3$/);
    expect(selectCurrentMessages(state())).toMatchObject([{ id: 'q1' }, { id: 'r1', state: 'ok', message: '完整的回答' }]);
    expect(h.calls).toEqual(['done']);
    // An answer the server no longer has: the reply says so and stays (nothing is removed).
    state().patchMessage(sid, 'r1', { state: 'waite', streamId: 'srv-gone' });
    stubFetch(JSON.stringify({ code: 404, msg: MSG.answerNotFound, data: null }), 'application/json');
    await resumeReplies(h);
    expect(selectCurrentMessages(state())).toMatchObject([{ id: 'q1' }, { id: 'r1', state: 'error', errorText: MSG.answerNotFound }]);
  });

  it('asks for follow-up suggestions after a finished reply, shown about a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubFetch(sse(['text', { text: '答案' }], ['done', { messageId: 'm' }]));
      await runChat({ sessionId: state().currentId, model: 'v35', prompt: '什么是熵？' }, handlers());
      const reply = selectCurrentMessages(state()).at(-1)!;
      expect(followupApi.questionExtend).toHaveBeenCalledWith('什么是熵？', expect.any(AbortSignal));
      expect(useFollowupStore.getState()).toMatchObject({ replyId: reply.id, questions: [] });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(useFollowupStore.getState().questions).toEqual(['追问一？', '追问二？', '追问三？']);

      // The next question clears them at once.
      stubFetch(sse(['error', { code: 502, msg: MSG.upstreamFailed }]));
      await runChat({ sessionId: state().currentId, model: 'v35', prompt: '再问' }, handlers());
      expect(useFollowupStore.getState()).toMatchObject({ replyId: null, questions: [] });
      // A failed reply asks for none.
      expect(followupApi.questionExtend).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the chart model gets no suggestions', async () => {
    useCatalogStore.setState({ byKey: { echarts: { key: 'echarts', checkKey: 'chat_table' } as never } });
    stubFetch(sse(['text', { text: '图表' }], ['done', { messageId: 'm' }]));
    await runChat({ sessionId: state().currentId, model: 'echarts', prompt: '画个柱状图' }, handlers());
    expect(followupApi.questionExtend).not.toHaveBeenCalled();
    useCatalogStore.setState({ byKey: {} });
  });

  it('preferences for one question go over the picked ones', async () => {
    useChatExtras.getState().setPrefs({ angle: 'law', modifiers: ['幽默'] });
    const fetchFn = stubFetch(sse(['done', { messageId: 'm' }]));
    await runChat({ sessionId: state().currentId, model: 'v35', prompt: '问', prefs: { angle: 'history' } }, handlers());
    const body = JSON.parse(String((fetchFn.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.prefs).toEqual({ angle: 'history', modifiers: ['幽默'] });
    // The picked preferences themselves are unchanged.
    expect(useChatExtras.getState().prefs).toEqual({ angle: 'law', modifiers: ['幽默'] });
    useChatExtras.getState().setPrefs({});
  });
});
