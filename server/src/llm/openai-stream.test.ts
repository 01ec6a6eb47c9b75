import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from './errors';
import { OpenAiStreamClient, type StreamOptions, type UpstreamTarget } from './openai-stream';
import { chunk, sse, sseHead, startFakeVendor, type FakeVendor } from './testing/fake-vendor';
import type { LlmDelta } from './types';
import type { ChatCompletionBody } from './vendors';

const SECRET = 'sk-test-9f8e7d6c5b4a39281706';
const body = (): ChatCompletionBody => ({ model: 'fake-model', messages: [{ role: 'user', content: '你好' }], stream: true });

let fake: FakeVendor;
let client: OpenAiStreamClient;
let target: UpstreamTarget;

beforeAll(async () => {
  fake = await startFakeVendor();
  target = { baseUrl: fake.baseUrl, apiKey: SECRET };
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await client?.close();
});

function opts(over: Partial<StreamOptions> = {}): StreamOptions {
  return { signal: new AbortController().signal, firstByteTimeoutMs: 2_000, idleTimeoutMs: 2_000, ...over };
}

async function collect(it: AsyncIterable<LlmDelta>): Promise<LlmDelta[]> {
  const out: LlmDelta[] = [];
  for await (const d of it) out.push(d);
  return out;
}

async function failure(it: AsyncIterable<LlmDelta>): Promise<{ error: LlmError; got: LlmDelta[] }> {
  const got: LlmDelta[] = [];
  try {
    for await (const d of it) got.push(d);
  } catch (err) {
    expect(err).toBeInstanceOf(LlmError);
    return { error: err as LlmError, got };
  }
  throw new Error('stream did not fail');
}

describe('OpenAiStreamClient against a fake vendor', () => {
  it('posts an OpenAI request and yields reasoning_content, then content, then usage', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) =>
      sse(
        res,
        [
          { delta: { role: 'assistant', content: '' } },
          { delta: { content: null, reasoning_content: '先想' } },
          { delta: { content: null, reasoning_content: '一想。' } },
          { delta: { content: '答案' } },
          { delta: { content: '是 42。' } },
          { delta: {}, finish_reason: 'stop' },
        ],
        { usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } },
      );
    const deltas = await collect(client.stream(target, { ...body(), stream_options: { include_usage: true } }, opts()));
    expect(deltas).toEqual([
      { type: 'reasoning', text: '先想' },
      { type: 'reasoning', text: '一想。' },
      { type: 'text', text: '答案' },
      { type: 'text', text: '是 42。' },
      { type: 'usage', promptTokens: 5, completionTokens: 7, totalTokens: 12 },
    ]);
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(req.body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true } });
  });

  it('reads `reasoning` (OpenRouter, Ollama) and usage inside the choice (Kimi)', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) =>
      sse(res, [
        { delta: { reasoning: '思考' } },
        { delta: { content: '好' }, finish_reason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
      ]);
    expect(await collect(client.stream(target, body(), opts()))).toEqual([
      { type: 'reasoning', text: '思考' },
      { type: 'text', text: '好' },
      { type: 'usage', promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    ]);
  });

  it('yields each chunk as it arrives, without waiting for the rest of the reply', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      sseHead(res);
      res.write(chunk({ delta: { content: '第一块' } }));
      setTimeout(() => {
        res.write(chunk({ delta: { content: '第二块' }, finish_reason: 'stop' }));
        res.end('data: [DONE]\n\n');
      }, 400);
    };
    const start = performance.now();
    const it = client.stream(target, body(), opts())[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.value).toEqual({ type: 'text', text: '第一块' });
    expect(performance.now() - start).toBeLessThan(250);
    const second = await it.next();
    expect(second.value).toEqual({ type: 'text', text: '第二块' });
    expect((await it.next()).done).toBe(true);
  });

  it('reuses the keep-alive connection for the next request', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => sse(res, [{ delta: { content: 'x' }, finish_reason: 'stop' }]);
    await collect(client.stream(target, body(), opts()));
    // undici frees a pooled connection on its next 'drain' tick; requests of the chat path are
    // always at least one event-loop turn apart.
    await new Promise((resolve) => setImmediate(resolve));
    await collect(client.stream(target, body(), opts()));
    const [a, b] = fake.requests.slice(-2);
    expect(a!.remotePort).toBe(b!.remotePort);
  });

  it('turns a 401 into an http error without echoing the key', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${SECRET}. Key sk-other-1234567890 too.`, type: 'invalid_request_error' },
        }),
      );
    };
    const { error } = await failure(client.stream(target, body(), opts()));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain(SECRET);
    expect(error.message).not.toContain('sk-other-1234567890');
  });

  it('turns a 500 into an http error with the vendor sentence', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    };
    const { error } = await failure(client.stream(target, body(), opts()));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toContain('The server had an error');
  });

  it('fails as network when the socket is cut mid-stream, after yielding what arrived', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      sseHead(res);
      res.write(chunk({ delta: { content: '一' } }));
      res.write(chunk({ delta: { content: '二' } }));
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const { error, got } = await failure(client.stream(target, body(), opts()));
    expect(error.kind).toBe('network');
    expect(got).toEqual([
      { type: 'text', text: '一' },
      { type: 'text', text: '二' },
    ]);
  });

  it('times out when no first byte comes, and closes that connection', async () => {
    client = new OpenAiStreamClient();
    fake.handler = () => undefined; // never answers
    const closed = fake.nextSocketClose();
    const start = performance.now();
    const { error } = await failure(client.stream(target, body(), opts({ firstByteTimeoutMs: 200 })));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - start).toBeGreaterThanOrEqual(190);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect((await closed) - start).toBeLessThan(1_000);
  });

  it('counts headers without a body as no first byte', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      sseHead(res);
      res.flushHeaders();
    };
    const { error } = await failure(client.stream(target, body(), opts({ firstByteTimeoutMs: 200 })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('within 200 ms');
  });

  it('times out when the stream goes silent mid-reply', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      sseHead(res);
      res.write(chunk({ delta: { content: '开始' } }));
    };
    const { error, got } = await failure(client.stream(target, body(), opts({ idleTimeoutMs: 200 })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('silent');
    expect(got).toEqual([{ type: 'text', text: '开始' }]);
  });

  it('closes the upstream socket within 500 ms of an abort', async () => {
    client = new OpenAiStreamClient();
    let timer: NodeJS.Timeout | undefined;
    fake.handler = (_req, res) => {
      sseHead(res);
      timer = setInterval(() => res.write(chunk({ delta: { content: '字' } })), 10);
      res.on('close', () => clearInterval(timer));
    };
    const ac = new AbortController();
    const closed = fake.nextSocketClose();
    let received = 0;
    let abortedAt = 0;
    const { error } = await failure(
      (async function* () {
        for await (const d of client.stream(target, body(), opts({ signal: ac.signal }))) {
          yield d;
          if (++received === 3) {
            abortedAt = performance.now();
            ac.abort();
          }
        }
      })(),
    );
    expect(error.kind).toBe('aborted');
    expect((await closed) - abortedAt).toBeLessThan(500);
  });

  it('closes the upstream socket when the consumer stops reading early', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => {
      sseHead(res);
      const t = setInterval(() => res.write(chunk({ delta: { content: '字' } })), 10);
      res.on('close', () => clearInterval(t));
    };
    const closed = fake.nextSocketClose();
    let stoppedAt = 0;
    for await (const d of client.stream(target, body(), opts())) {
      expect(d.type).toBe('text');
      stoppedAt = performance.now();
      break;
    }
    expect((await closed) - stoppedAt).toBeLessThan(500);
  });

  it('refuses an already aborted signal without calling the vendor', async () => {
    client = new OpenAiStreamClient();
    const before = fake.requests.length;
    const ac = new AbortController();
    ac.abort();
    const { error } = await failure(client.stream(target, body(), opts({ signal: ac.signal })));
    expect(error.kind).toBe('aborted');
    expect(fake.requests.length).toBe(before);
  });

  it('fails as protocol on JSON answers, bad events, error events and an early end', async () => {
    client = new OpenAiStreamClient();
    const cases: [string, (res: ServerResponse) => void, string][] = [
      [
        'json with status 200',
        (res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error_code: 110, error_msg: 'Access token invalid' }));
        },
        'Access token invalid',
      ],
      [
        'not JSON',
        (res) => {
          sseHead(res);
          res.end('data: {oops\n\n');
        },
        'not JSON',
      ],
      [
        'error event',
        (res) => {
          sseHead(res);
          res.end(`data: ${JSON.stringify({ error: { message: 'content filtered' } })}\n\n`);
        },
        'content filtered',
      ],
      [
        'ended before [DONE]',
        (res) => {
          sseHead(res);
          res.end(chunk({ delta: { content: '半' } }));
        },
        'before [DONE]',
      ],
    ];
    for (const [, handler, text] of cases) {
      fake.handler = (_req, res) => handler(res);
      const { error } = await failure(client.stream(target, body(), opts()));
      expect(error.kind).toBe('protocol');
      expect(error.message).toContain(text);
    }
  });

  it('accepts a stream that ends with a finish_reason but no [DONE]', async () => {
    client = new OpenAiStreamClient();
    fake.handler = (_req, res) => sse(res, [{ delta: { content: '完' }, finish_reason: 'stop' }], { done: false });
    expect(await collect(client.stream(target, body(), opts()))).toEqual([{ type: 'text', text: '完' }]);
  });

  it('reports a refused connection as network without the address', async () => {
    client = new OpenAiStreamClient();
    const { error } = await failure(client.stream({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: SECRET }, body(), opts()));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.message).not.toContain(SECRET);
  });
});
