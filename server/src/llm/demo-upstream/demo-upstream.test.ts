import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { createParser } from 'eventsource-parser';
import { buildAnswer, buildReasoning, tokenize } from './answer';
import { startDemoUpstream, type DemoUpstream } from './server';

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: { role?: string; content?: string | null; reasoning_content?: string }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

interface Read {
  status: number;
  chunks: Chunk[];
  done: boolean;
  /** ms from sending to the first byte of the body, and to each chunk. */
  firstByteMs: number;
  times: number[];
  error?: string;
}

let demo: DemoUpstream;
const agent = new Agent({ connections: 1_200, pipelining: 1 });

beforeAll(async () => {
  demo = await startDemoUpstream({ tokenDelayMs: 0 });
});
afterAll(async () => {
  await agent.close();
  await demo.close();
});

function ask(content: string, extra: Record<string, unknown> = {}) {
  return {
    model: 'deepseek-chat',
    stream: true,
    messages: [
      { role: 'system', content: '你是助手' },
      { role: 'user', content },
    ],
    ...extra,
  };
}

async function readStream(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Read> {
  const start = performance.now();
  const out: Read = { status: 0, chunks: [], done: false, firstByteMs: -1, times: [] };
  const parser = createParser({
    onEvent: (ev) => {
      if (ev.data === '[DONE]') out.done = true;
      else {
        out.chunks.push(JSON.parse(ev.data) as Chunk);
        out.times.push(performance.now() - start);
      }
    },
  });
  try {
    const res = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    out.status = res.statusCode;
    const decoder = new TextDecoder();
    for await (const part of res.body) {
      if (out.firstByteMs < 0) out.firstByteMs = performance.now() - start;
      parser.feed(decoder.decode(part as Buffer, { stream: true }));
    }
  } catch (err) {
    out.error = (err as Error).name;
  }
  return out;
}

const contentOf = (r: Read) => r.chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
const contentChunks = (r: Read) => r.chunks.filter((c) => c.choices[0]?.delta.content);
const reasoningOf = (r: Read) => r.chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('');

describe('demo upstream', () => {
  it('lists models', async () => {
    const res = await request(`${demo.baseUrl}/models`, { dispatcher: agent });
    const json = (await res.body.json()) as { object: string; data: { id: string; object: string }[] };
    expect(res.statusCode).toBe(200);
    expect(json.object).toBe('list');
    expect(json.data.length).toBeGreaterThan(0);
    expect(json.data[0]!.object).toBe('model');
  });

  it('streams the deterministic markdown answer in OpenAI chunks, usage last, then [DONE]', async () => {
    const q = '如何学习 TypeScript 的泛型？';
    const r = await readStream(ask(q, { stream_options: { include_usage: true } }));
    expect(r.status).toBe(200);
    expect(r.done).toBe(true);
    const answer = buildAnswer(q, 'deepseek-chat');
    expect(contentOf(r)).toBe(answer);
    // Paragraphs, a list, a fenced code block, a table and inline math.
    expect(answer).toMatch(/\n- \*\*/);
    expect(answer).toMatch(/\n```[a-z]+\n[\s\S]+\n```\n/);
    expect(answer).toMatch(/\n\| 项目 \| 说明 \|\n\| --- \| --- \|\n/);
    expect(answer).toMatch(/\$E = mc\^2\$/);
    expect(contentChunks(r).length).toBe(tokenize(answer).length);
    const [first] = r.chunks;
    expect(first!.object).toBe('chat.completion.chunk');
    expect(first!.model).toBe('deepseek-chat');
    expect(first!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    const stop = r.chunks.at(-2)!;
    expect(stop.choices[0]!.finish_reason).toBe('stop');
    const last = r.chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBe(tokenize(answer).length);
    expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);
    expect(new Set(r.chunks.map((c) => c.id)).size).toBe(1);
  });

  it('answers the same question the same way, and another question differently', async () => {
    const a = await readStream(ask('今天天气怎么样'));
    const b = await readStream(ask('今天天气怎么样'));
    const c = await readStream(ask('帮我写一首关于秋天的诗'));
    expect(contentOf(a)).toBe(contentOf(b));
    expect(contentOf(c)).not.toBe(contentOf(a));
    expect(contentOf(c)).toContain('帮我写一首关于秋天的诗');
    // Without include_usage the usage rides on the stop chunk.
    expect(a.chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(a.chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('streams a reasoning phase first for deep-thinking models', async () => {
    for (const model of [
      'deepseek-reasoner',
      'deepseek-r1-distill-qwen-32b',
      'o1-mini',
      'glm-zero-preview',
      'doubao-1-5-thinking-pro-250415',
    ]) {
      const r = await readStream({ ...ask('证明根号二是无理数'), model });
      expect(reasoningOf(r)).toBe(buildReasoning('证明根号二是无理数'));
      const firstContent = r.chunks.findIndex((c) => c.choices[0]?.delta.content);
      const lastReasoning = r.chunks.findLastIndex((c) => c.choices[0]?.delta.reasoning_content);
      expect(lastReasoning).toBeLessThan(firstContent);
    }
    const plain = await readStream(ask('证明根号二是无理数'));
    expect(reasoningOf(plain)).toBe('');
    const forced = await readStream(ask('证明根号二是无理数'), { 'x-demo-reasoning': '1' });
    expect(reasoningOf(forced).length).toBeGreaterThan(0);
  });

  it('answers without streaming when stream is false', async () => {
    const res = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask('你好'), stream: false, model: 'deepseek-reasoner' }),
    });
    const json = (await res.body.json()) as {
      object: string;
      choices: { message: { content: string; reasoning_content?: string } }[];
      usage: { total_tokens: number };
    };
    expect(json.object).toBe('chat.completion');
    expect(json.choices[0]!.message.content).toBe(buildAnswer('你好', 'deepseek-reasoner'));
    expect(json.choices[0]!.message.reasoning_content).toBe(buildReasoning('你好'));
    expect(json.usage.total_tokens).toBeGreaterThan(0);
  });

  it('[demo:tokens=N] and x-demo-tokens give exactly N content chunks; markers do not reach the text', async () => {
    const r = await readStream(ask('数一数 [demo:tokens=7]'));
    expect(contentChunks(r)).toHaveLength(7);
    expect(contentOf(r)).not.toContain('[demo');
    expect(contentOf(r)).toBe(tokenize(buildAnswer('数一数', 'deepseek-chat')).slice(0, 7).join(''));
    const long = await readStream(ask('数一数'), { 'x-demo-tokens': '1000' });
    expect(contentChunks(long)).toHaveLength(1000);
    expect(long.done).toBe(true);
  });

  it('[demo:error=500] and x-demo-fault error=429 answer OpenAI-style error bodies', async () => {
    const res = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ask('出错吧 [demo:error=500]')),
    });
    expect(res.statusCode).toBe(500);
    expect(await res.body.json()).toEqual({
      error: { message: expect.stringContaining('500'), type: 'server_error', param: null, code: null },
    });
    const limited = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'x-demo-fault': 'error=429' },
      body: JSON.stringify(ask('你好')),
    });
    expect(limited.statusCode).toBe(429);
    expect(((await limited.body.json()) as { error: { type: string } }).error.type).toBe('rate_limit_error');
  });

  it('[demo:cut=N] closes the socket after N token chunks, without [DONE]', async () => {
    const before = demo.stats.earlyCloseCount;
    const r = await readStream(ask('说到一半 [demo:cut=3]'));
    expect(contentChunks(r)).toHaveLength(3);
    expect(r.done).toBe(false);
    expect(r.error).toBeDefined();
    const viaHeader = await readStream({ ...ask('想一想'), model: 'deepseek-reasoner' }, { 'x-demo-fault': 'cut=2' });
    expect(viaHeader.chunks.filter((c) => c.choices[0]?.delta.reasoning_content)).toHaveLength(2);
    expect(viaHeader.done).toBe(false);
    // The server cut it: not a client leaving early.
    expect(demo.stats.earlyCloseCount).toBe(before);
  });

  it('[demo:slow-first-byte=MS] holds the first byte, [demo:delay=MS] spaces the tokens', async () => {
    const slow = await readStream(ask('慢一点 [demo:slow-first-byte=300][demo:tokens=2]'));
    expect(slow.firstByteMs).toBeGreaterThanOrEqual(290);
    expect(slow.done).toBe(true);
    const spaced = await readStream(ask('慢慢说 [demo:delay=40][demo:tokens=5]'));
    const times = contentChunks(spaced).map((c) => spaced.times[spaced.chunks.indexOf(c)]!);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(30);
    const viaHeaders = await readStream(ask('慢慢说'), {
      'x-demo-delay-ms': '40',
      'x-demo-tokens': '3',
      'x-demo-fault': 'slow-first-byte=100',
    });
    expect(viaHeaders.firstByteMs).toBeGreaterThanOrEqual(95);
    expect(contentChunks(viaHeaders)).toHaveLength(3);
  });

  it('[demo:never-end] streams until the client leaves, and records the early close', async () => {
    const ac = new AbortController();
    const seen = new Promise<number>((resolve) => {
      const off = demo.onEarlyClose((e) => {
        off();
        resolve(e.at);
      });
    });
    const before = demo.stats.earlyCloseCount;
    let abortedAt = 0;
    const parser = createParser({
      onEvent: () => {
        if (++count === 2_000) {
          abortedAt = performance.now();
          ac.abort();
        }
      },
    });
    let count = 0;
    const res = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ask('一直说 [demo:never-end]')),
      signal: ac.signal,
    });
    await expect(
      (async () => {
        for await (const part of res.body) parser.feed(Buffer.from(part as Buffer).toString('utf8'));
      })(),
    ).rejects.toThrow();
    // More chunks than the answer has tokens: it kept going.
    expect(count).toBeGreaterThanOrEqual(2_000);
    const closedAt = await seen;
    expect(closedAt - abortedAt).toBeLessThan(500);
    expect(demo.stats.earlyCloseCount).toBe(before + 1);
    expect(demo.stats.earlyCloses.at(-1)!.chunksSent).toBeGreaterThan(0);
  });

  it('rejects unknown paths and bad bodies with OpenAI error bodies', async () => {
    const missing = await request(`${demo.url}/v2/nothing`, { dispatcher: agent });
    expect(missing.statusCode).toBe(404);
    expect(((await missing.body.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const bad = await request(`${demo.baseUrl}/chat/completions`, { method: 'POST', dispatcher: agent, body: '{nope' });
    expect(bad.statusCode).toBe(400);
    await bad.body.dump();
    const empty = await request(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      body: JSON.stringify({ messages: [] }),
    });
    expect(empty.statusCode).toBe(400);
    await empty.body.dump();
  });

  it('serves 1,000 concurrent streams without losing a chunk', async () => {
    const n = 1_000;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => readStream(ask(`并发 ${i} [demo:tokens=16][demo:delay=10]`))));
    expect(results.filter((r) => r.done)).toHaveLength(n);
    expect(results.reduce((sum, r) => sum + contentChunks(r).length, 0)).toBe(n * 16);
    expect(demo.stats.active).toBe(0);
  });
});
