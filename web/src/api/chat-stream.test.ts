import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { streamChat, type ChatStreamItem } from './chat-stream';

const enc = new TextEncoder();

/** A streamed body that delivers the given byte chunks one by one, optionally failing after. */
function bodyOf(chunks: Uint8Array[], failAfter = false): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++] as Uint8Array);
      else if (failAfter) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
}

function sse(...frames: [string, unknown][]): string {
  return frames.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** Cuts bytes at arbitrary positions, including inside multi-byte characters. */
function cut(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

function mockFetch(res: Response | Error): ReturnType<typeof vi.fn> {
  const fn = vi.fn(async () => {
    if (res instanceof Error) throw res;
    return res;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function collect(gen: AsyncGenerator<ChatStreamItem>): Promise<ChatStreamItem[]> {
  const out: ChatStreamItem[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

const sseHeaders = { 'content-type': 'text/event-stream' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('streamChat', () => {
  it('parses events split across chunks, mid-frame and mid-character', async () => {
    const text = sse(
      ['meta', { conversationId: 'c1', messageId: 'm1', model: 'v35' }],
      ['reasoning', { text: '先想一想' }],
      ['text', { text: '你好，' }],
      ['text', { text: '世界！' }],
      ['done', { messageId: 'm1', reasoningMs: 1200 }],
    );
    for (const size of [1, 3, 7, 64]) {
      const fetchFn = mockFetch(new Response(bodyOf(cut(enc.encode(text), size)), { headers: sseHeaders }));
      const items = await collect(streamChat({ model: 'v35', body: { prompt: '你好' }, headers: {} }));
      expect(items.map((i) => i.event)).toEqual(['meta', 'reasoning', 'text', 'text', 'done']);
      expect(
        items
          .filter((i) => i.event === 'text')
          .map((i) => (i.data as { text: string }).text)
          .join(''),
      ).toBe('你好，世界！');
      expect(items[4]).toEqual({ event: 'done', data: { messageId: 'm1', reasoningMs: 1200 } });
      const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/v1/chat2/v35');
      expect(init.method).toBe('POST');
      expect(JSON.parse(String(init.body))).toEqual({ prompt: '你好' });
    }
  });

  it('turns a JSON envelope answer into a typed refusal', async () => {
    mockFetch(
      new Response(JSON.stringify({ code: 4203, msg: MSG.needPhone, data: null }), {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    const items = await collect(streamChat({ model: 'v40', body: { prompt: 'x' }, headers: {} }));
    expect(items).toEqual([{ event: 'refusal', data: { code: 4203, msg: MSG.needPhone } }]);
  });

  it('keeps the 401 code of an unauthenticated refusal', async () => {
    mockFetch(
      new Response(JSON.stringify({ code: 401, msg: MSG.unauthorized, data: null }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const items = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
    expect(items).toEqual([{ event: 'refusal', data: { code: 401, msg: MSG.unauthorized } }]);
  });

  it('shows the server own words for the fair-use 429 and the restart 503', async () => {
    for (const [status, code, msg] of [
      [429, 429, MSG.streamsTooMany(3)],
      [503, 503, MSG.serverShuttingDown],
    ] as const) {
      mockFetch(new Response(JSON.stringify({ code, msg, data: null }), { status, headers: { 'content-type': 'application/json' } }));
      const items = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
      expect(items).toEqual([{ event: 'refusal', data: { code, msg } }]);
    }
  });

  it('answers an HTTP error with the stream error text', async () => {
    mockFetch(new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/html' } }));
    const items = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
    expect(items).toEqual([{ event: 'error', data: { code: 502, msg: MSG.streamError } }]);
  });

  it('reports a network fault before the answer', async () => {
    mockFetch(new TypeError('fetch failed'));
    const items = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
    expect(items).toEqual([{ event: 'error', data: { code: 504, msg: MSG.streamNetworkError } }]);
  });

  it('reports a connection cut mid-stream (no final event) as a network fault', async () => {
    const part = enc.encode(sse(['meta', { conversationId: 'c', messageId: 'm', model: 'v35' }], ['text', { text: '半句' }]));
    mockFetch(new Response(bodyOf([part]), { headers: sseHeaders }));
    const cutOff = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
    expect(cutOff.map((i) => i.event)).toEqual(['meta', 'text', 'error']);
    expect(cutOff[2]).toEqual({ event: 'error', data: { code: 504, msg: MSG.streamNetworkError } });

    mockFetch(new Response(bodyOf([part], true), { headers: sseHeaders }));
    const failed = await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }));
    expect(failed.map((i) => i.event)).toEqual(['meta', 'text', 'error']);
  });

  it('passes server error and quota events on, and treats bad JSON as an error', async () => {
    mockFetch(new Response(sse(['error', { code: 502, msg: MSG.upstreamFailed }]), { headers: sseHeaders }));
    expect(await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }))).toEqual([
      { event: 'error', data: { code: 502, msg: MSG.upstreamFailed } },
    ]);

    mockFetch(new Response(sse(['no_count', { text: MSG.countExhausted }]), { headers: sseHeaders }));
    expect(await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }))).toEqual([
      { event: 'no_count', data: { text: MSG.countExhausted } },
    ]);

    mockFetch(new Response('event: text\ndata: {not json\n\n', { headers: sseHeaders }));
    expect(await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }))).toEqual([
      { event: 'error', data: { code: 500, msg: MSG.streamError } },
    ]);
  });

  it('understands the legacy data markers', async () => {
    mockFetch(new Response('data: [NOT_COUNT]今日次数已用完\n\n', { headers: sseHeaders }));
    expect(await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }))).toEqual([
      { event: 'no_count', data: { text: '今日次数已用完' } },
    ]);
    mockFetch(new Response('data: [SUCCESS]\n\n', { headers: sseHeaders }));
    expect(await collect(streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} }))).toEqual([
      { event: 'error', data: { code: 504, msg: MSG.streamNetworkError } },
    ]);
  });

  it('ends quietly when aborted mid-stream', async () => {
    const ctrl = new AbortController();
    // Like fetch, the body read rejects once the signal aborts.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(c) {
            if (!sent) {
              sent = true;
              c.enqueue(enc.encode(sse(['text', { text: '第一段' }])));
              return;
            }
            return new Promise<void>((_, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
          },
        });
        return new Response(body, { headers: sseHeaders });
      }),
    );
    const items: ChatStreamItem[] = [];
    for await (const item of streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {}, signal: ctrl.signal })) {
      items.push(item);
      ctrl.abort();
    }
    expect(items).toEqual([{ event: 'text', data: { text: '第一段' } }]);
  });

  it('cancels the download when the consumer stops reading', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode(sse(['text', { text: '一' }], ['text', { text: '二' }])));
      },
      cancel() {
        cancelled = true;
      },
    });
    mockFetch(new Response(body, { headers: sseHeaders }));
    for await (const item of streamChat({ model: 'v35', body: { prompt: 'x' }, headers: {} })) {
      expect(item).toEqual({ event: 'text', data: { text: '一' } });
      break;
    }
    expect(cancelled).toBe(true);
  });
});
