import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, STREAM_ERROR_CODES, type Envelope } from '@wanxiang/contract';
import { createMemoryStore } from '../infra/kv';
import type { LlmDelta } from '../llm/types';
import { AppError, errorReply } from '../errors';
import { dataOf, namesOf, postStream, textOf } from '../../test/sse-client';
import type { Answer, StreamEnd, StreamJob } from './engine';
import { StreamRegistry } from './registry';
import { serveStream } from './serve';

/**
 * The streaming engine on its own: a Fastify app whose one route runs a scripted job, read by a
 * real HTTP client. Each test scripts the upstream and watches the money and the save.
 */

interface Script {
  /** Deltas to yield; 'wait' parks until the request is aborted; an Error is thrown. */
  steps: (LlmDelta | 'wait' | Error)[];
  saveFails?: boolean;
  settleFails?: boolean;
  reasoning?: boolean;
  maxTextChars?: number;
}

interface Trace {
  money: ('settle' | 'release')[];
  saved: { answer: Answer; end: string }[];
  discarded: { answer: Answer; end: StreamEnd }[];
  upstreamClosed: boolean;
  logs: string[];
}

const text = (t: string): LlmDelta => ({ type: 'text', text: t });

describe('streaming engine', () => {
  let app: FastifyInstance;
  let base: string;
  let shutdown: AbortController;
  let streams: StreamRegistry;
  const scripts = new Map<string, Script>();
  const traces = new Map<string, Trace>();
  const kv = createMemoryStore();
  const fairUse = { streamsPerUser: 2, streamStartsPerMinute: 1_000, tasksPerUser: 1 };

  function job(id: string): StreamJob {
    const script = scripts.get(id)!;
    const trace: Trace = { money: [], saved: [], discarded: [], upstreamClosed: false, logs: [] };
    traces.set(id, trace);
    return {
      label: 'test',
      meta: { conversationId: 'c', messageId: id, model: 'm' },
      hold: {
        settle: async () => {
          if (script.settleFails) throw new Error('database down');
          trace.money.push('settle');
        },
        release: async () => void trace.money.push('release'),
      },
      heartbeatMs: 10_000,
      reasoning: script.reasoning,
      maxTextChars: script.maxTextChars,
      async *upstream(signal) {
        try {
          for (const step of script.steps) {
            if (step === 'wait') {
              await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
              throw new Error('aborted');
            }
            if (step instanceof Error) throw step;
            yield step;
          }
        } finally {
          trace.upstreamClosed = true;
        }
      },
      async save(answer, end) {
        if (script.saveFails) throw new Error('jsonb refused it');
        trace.saved.push({ answer, end });
      },
      async discard(answer, end) {
        trace.discarded.push({ answer, end });
      },
    };
  }

  beforeAll(async () => {
    shutdown = new AbortController();
    streams = new StreamRegistry(shutdown.signal);
    app = Fastify({ logger: false });
    app.setErrorHandler((err, _req, reply) => {
      const r = errorReply(err);
      void reply.code(r.status).send(r.body);
    });
    app.post<{ Params: { id: string; user: string } }>('/s/:user/:id', async (req, reply) => {
      const record = (o: unknown, m?: string) => void traces.get(req.params.id)?.logs.push(String(m ?? o));
      const quiet = () => undefined;
      const log = { error: record, warn: quiet, info: quiet, debug: quiet, trace: quiet, fatal: record, level: 'info', child: () => log } as unknown as typeof app.log;
      await serveStream({ kv, streams, config: { fairUse, answerLog: { maxEvents: 1000, ttlSec: 60, pollMs: 20 } } }, { userId: Number(req.params.user) }, reply, log, async () => {
        if (req.params.id === 'refuse') throw new AppError(Code.NO_COUNT, MSG.countExhausted);
        return job(req.params.id);
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await kv.close();
  });

  let n = 0;
  async function run(script: Script, user = 1) {
    const id = `j${++n}`;
    scripts.set(id, script);
    const call = await postStream(base, `/s/${user}/${id}`, {});
    return { id, call, trace: () => traces.get(id)! };
  }

  it('an answer that ended: settled once, saved, then done', async () => {
    const { call, trace } = await run({ steps: [text('你好'), text('世界'), { type: 'usage', totalTokens: 3 }] });
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'text', 'text', 'done']);
    expect(dataOf(call, 'done')).toMatchObject({ messageId: expect.any(String), usage: { totalTokens: 3 } });
    expect(trace().money).toEqual(['settle']);
    expect(trace().saved).toEqual([{ answer: expect.objectContaining({ content: '你好世界', delivered: true }), end: 'done' }]);
    expect(trace().discarded).toEqual([]);
  });

  it('the reader leaves after text: settled and saved as stopped; the upstream is closed', async () => {
    const { call, trace } = await run({ steps: [text('一半'), 'wait'] });
    await call.waitFor('text');
    call.abort();
    await expect.poll(() => trace().money).toEqual(['settle']);
    expect(trace().saved.map((s) => [s.answer.content, s.end])).toEqual([['一半', 'stopped']]);
    expect(trace().upstreamClosed).toBe(true);
  });

  it('the reader leaves before any text: released, recorded as unpaid', async () => {
    const { call, trace } = await run({ steps: ['wait'] });
    await call.waitFor('meta');
    call.abort();
    await expect.poll(() => trace().money).toEqual(['release']);
    expect(trace().discarded.map((d) => d.end)).toEqual(['stopped']);
    expect(trace().saved).toEqual([]);
  });

  it('deep thinking counts as delivered: a reader leaving mid-thought pays', async () => {
    const { call, trace } = await run({ steps: [{ type: 'reasoning', text: '让我想想' }, 'wait'] });
    await call.waitFor('reasoning');
    call.abort();
    await expect.poll(() => trace().money).toEqual(['settle']);
  });

  it('the upstream failing after text: an error event, released (the reader saw an error, not an answer)', async () => {
    const { call, trace } = await run({ steps: [text('半句'), new Error('socket hang up')] });
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'text', 'error']);
    expect(dataOf(call, 'error')).toEqual({ code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.upstreamFailed });
    expect(trace().money).toEqual(['release']);
    expect(trace().discarded.map((d) => [d.answer.content, d.end])).toEqual([['半句', 'failed']]);
  });

  it('an upstream that ends without text is a failure, released', async () => {
    const { call, trace } = await run({ steps: [{ type: 'usage', totalTokens: 1 }] });
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'error']);
    expect(trace().money).toEqual(['release']);
  });

  it('a save that fails after delivery keeps the charge, logs it, and still ends with done', async () => {
    const { call, trace } = await run({ steps: [text('完整回答')], saveFails: true });
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'text', 'done']);
    expect(trace().money).toEqual(['settle']);
    expect(trace().logs.some((l) => /saving the answer failed; the charge stays/.test(l))).toBe(true);
  });

  it('a charge that fails is logged; the stream still ends cleanly', async () => {
    const { call, trace } = await run({ steps: [text('回答')], settleFails: true });
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'text', 'done']);
    expect(trace().logs.some((l) => /closing the hold failed/.test(l))).toBe(true);
  });

  it('lone surrogates in the answer are made well-formed before the save', async () => {
    const { call, trace } = await run({ steps: [text('前\ud83d'), text('后\udc00')] });
    await call.finished;
    expect(trace().saved[0]!.answer.content).toBe('前\uFFFD后\uFFFD');
    // A pair split across two chunks joins back into the emoji.
    const pair = await run({ steps: [text('笑\ud83d'), text('\ude00')] });
    await pair.call.finished;
    expect(pair.trace().saved[0]!.answer.content).toBe('笑😀');
  });

  it('stops reading past maxTextChars and ends as done; reasoning can be dropped', async () => {
    const { call, trace } = await run({ steps: [text('一二三'), text('四五六'), text('七八九'), 'wait'], maxTextChars: 5 });
    await call.finished;
    expect(textOf(call)).toBe('一二三四五六');
    expect(namesOf(call).at(-1)).toBe('done');
    expect(trace().upstreamClosed).toBe(true);
    const quiet = await run({ steps: [{ type: 'reasoning', text: '想' }, text('答')], reasoning: false });
    await quiet.call.finished;
    expect(namesOf(quiet.call)).toEqual(['meta', 'text', 'done']);
  });

  it('refusals from prepare answer the envelope and give the slot back', async () => {
    for (let i = 0; i < 3; i++) {
      const refused = await postStream(base, '/s/8/refuse', {});
      expect(refused.envelope).toMatchObject({ code: Code.NO_COUNT });
    }
    // Two slots per user: the refusals above left none taken.
    const a = await run({ steps: ['wait'] }, 8);
    const b = await run({ steps: ['wait'] }, 8);
    await a.call.waitFor('meta');
    await b.call.waitFor('meta');
    const third = await postStream(base, '/s/8/x-third', {});
    expect(third.status).toBe(429);
    expect((third.envelope as Envelope<null>).msg).toBe(MSG.streamsTooMany(2));
    // Another user is not slowed.
    const other = await run({ steps: [text('好')] }, 9);
    await other.call.finished;
    expect(namesOf(other.call).at(-1)).toBe('done');
    a.call.abort();
    b.call.abort();
    await expect.poll(async () => (await postStream(base, '/s/8/refuse', {})).envelope?.code).toBe(Code.NO_COUNT);
  });

  // Last: stopping the registry cannot be undone.
  it('draining refuses new streams with 503 while running ones finish; stopping ends the rest with an error event, released', async () => {
    const running = await run({ steps: [text('进行中'), 'wait'] }, 20);
    await running.call.waitFor('text');
    streams.startDraining();
    const refused = await postStream(base, '/s/21/new', {});
    expect(refused.status).toBe(503);
    expect(refused.envelope).toMatchObject({ code: Code.UNAVAILABLE, msg: MSG.serverShuttingDown });
    const left = await streams.shutdownGracefully(50, 1_000);
    expect(left).toEqual({ finished: false, stopped: 1 });
    await running.call.finished;
    expect(namesOf(running.call).at(-1)).toBe('error');
    expect(dataOf(running.call, 'error')).toEqual({ code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    expect(running.trace().money).toEqual(['release']);
    expect(running.trace().discarded.map((d) => d.end)).toEqual(['shutdown']);
  });
});
