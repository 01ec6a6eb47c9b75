import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { LlmDelta } from '../../llm/types';
import { isLlmError } from '../../llm/errors';
import type { StreamHold } from '../../streaming/engine';
import { streamHold } from '../quota/service';
import { OpenAiError } from './errors';
import { API_KEYS_MSG as M } from '@wanxiang/contract';
import type { CompletionTurn } from './turn';

/**
 * One completion from the upstream to an OpenAI client, streamed as `chat.completion.chunk`s or answered whole.
 * The hold was taken by prepareCompletion; here it is closed by the one pay rule of the streaming engine
 * (QUALITY G8, streaming/engine.ts): an answer that delivered output (text, deep thinking or a tool call written to
 * the client) is paid once, whether it ended or the client left; one that delivered nothing is not; an upstream
 * failure and the server's shutdown are not paid. The engine itself writes our web SSE protocol (meta/text/done),
 * which OpenAI clients cannot read, hence this small loop beside it (docs/openai-api.md "Payment").
 */

export type RelayContext = Pick<AppContext, 'config' | 'database' | 'catalog' | 'llm' | 'streams' | 'metrics'>;

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

interface Collected {
  text: string;
  reasoning: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  usage?: Usage;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

/** Run a prepared turn to its end; never throws once the hold is taken (every end closes it). */
export async function relayCompletion(ctx: RelayContext, turn: CompletionTurn, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
  const hold = streamHold(ctx, turn.reservation);
  await ctx.streams.track(turn.stream ? streamChunks(ctx, turn, hold, reply, log) : answerWhole(ctx, turn, hold, reply, log));
}

/** How the run ended, and what it owes. */
class Run {
  readonly abort = new AbortController();
  stop: 'client' | 'shutdown' | null = null;
  private closed = false;
  private keeper?: NodeJS.Timeout;
  private readonly unwatch: () => void;

  constructor(
    ctx: RelayContext,
    private readonly res: ServerResponse,
    private readonly hold: StreamHold,
    private readonly log: FastifyBaseLogger,
    onShutdown: () => void,
  ) {
    res.on('close', this.onClose);
    this.unwatch = ctx.streams.onStop(() => {
      if (this.stop) return;
      this.stop = 'shutdown';
      onShutdown();
      this.abort.abort();
    });
    if (hold.keep && hold.keepEveryMs) {
      this.keeper = setInterval(
        () => void hold.keep!().catch((err: unknown) => log.warn({ err }, 'openai api: keeping the hold failed')),
        hold.keepEveryMs,
      );
      this.keeper.unref();
    }
  }

  private readonly onClose = () => {
    if (this.res.writableFinished || this.stop) return;
    this.stop = 'client';
    this.abort.abort();
  };

  get writable(): boolean {
    return !this.res.destroyed && this.res.writable && !this.res.writableEnded;
  }

  /** Settle (paid) or release, once. */
  async close(paid: boolean): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keeper);
    this.unwatch();
    try {
      await (paid ? this.hold.settle() : this.hold.release());
    } catch (err) {
      // Left held, the reaper closes it later.
      this.log.error({ err, paid }, 'openai api: closing the hold failed');
    }
  }

  /** Stop watching the client; `end` the response too when we wrote it ourselves (a stream). */
  finish(end: boolean): void {
    this.res.off('close', this.onClose);
    if (end && !this.res.destroyed && !this.res.writableEnded) this.res.end();
  }
}

const chunk = (turn: CompletionTurn, delta: object, finish: string | null = null, usage?: Usage) => ({
  id: turn.id,
  object: 'chat.completion.chunk',
  created: turn.created,
  model: turn.model.key,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

async function streamChunks(
  ctx: RelayContext,
  turn: CompletionTurn,
  hold: StreamHold,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const write = (data: unknown) => (run.writable ? res.write(`data: ${JSON.stringify(data)}\n\n`) : false);
  const run = new Run(ctx, res, hold, log, () => {
    write({ error: new OpenAiError(503, M.openaiUpstreamFailed, 'server_error', 'shutting_down').body().error });
    res.end();
  });
  let delivered = false;
  let failure: unknown = null;
  const got: Collected = { text: '', reasoning: '', toolCalls: [] };
  try {
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) res.setHeader(k, v);
    res.writeHead(200, SSE_HEADERS);
    // The role chunk goes out at once, before the first upstream byte (OpenAI's first chunk too).
    write(chunk(turn, { role: 'assistant', content: '' }));
    try {
      for await (const d of ctx.llm.stream({ ...turn.upstream, signal: run.abort.signal })) {
        const delta = collect(got, d);
        if (!delta) continue;
        const room = write(chunk(turn, delta));
        if (run.writable) delivered = true;
        if (!room && run.writable) await drained(res);
      }
    } catch (err) {
      if (!run.stop) failure = err;
    }
    if (failure !== null) {
      log.warn({ err: failure }, 'openai api: upstream failed');
      write({ error: upstreamError(failure).body().error });
      await run.close(false);
      return;
    }
    const paid = delivered && run.stop !== 'shutdown';
    await run.close(paid);
    if (!run.stop) {
      const usage = usageOf(turn, got);
      write(chunk(turn, {}, got.toolCalls.length ? 'tool_calls' : 'stop'));
      if (turn.includeUsage) write({ ...chunk(turn, {}), choices: [], usage });
      if (run.writable) res.write('data: [DONE]\n\n');
    }
  } catch (err) {
    log.error({ err }, 'openai api: the stream failed');
    await run.close(false);
  } finally {
    run.finish(true);
  }
}

async function answerWhole(
  ctx: RelayContext,
  turn: CompletionTurn,
  hold: StreamHold,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const res = reply.raw;
  const run = new Run(ctx, res, hold, log, () => undefined);
  const got: Collected = { text: '', reasoning: '', toolCalls: [] };
  try {
    for await (const d of ctx.llm.stream({ ...turn.upstream, signal: run.abort.signal })) collect(got, d);
  } catch (err) {
    await run.close(false);
    run.finish(false);
    if (run.stop) return;
    log.warn({ err }, 'openai api: upstream failed');
    const e = upstreamError(err);
    await reply.code(e.status).send(e.body());
    return;
  }
  // Delivered = the answer reaches a client still there; nothing answered (or no one to answer) is free.
  const output = got.text !== '' || got.reasoning !== '' || got.toolCalls.length > 0;
  const paid = output && !run.stop && run.writable;
  await run.close(paid);
  run.finish(false);
  if (run.stop) return;
  if (!output) {
    const e = upstreamError(null);
    await reply.code(e.status).send(e.body());
    return;
  }
  await reply.send({
    id: turn.id,
    object: 'chat.completion',
    created: turn.created,
    model: turn.model.key,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: got.text === '' && got.toolCalls.length ? null : got.text,
          ...(got.reasoning ? { reasoning_content: got.reasoning } : {}),
          ...(got.toolCalls.length
            ? { tool_calls: got.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        },
        logprobs: null,
        finish_reason: got.toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageOf(turn, got),
  });
}

/** Fold one upstream delta into the answer; the chunk delta it becomes (null: nothing to send). */
function collect(got: Collected, d: LlmDelta): object | null {
  if (d.type === 'text' && d.text) {
    got.text += d.text;
    return { content: d.text };
  }
  if (d.type === 'reasoning' && d.text) {
    got.reasoning += d.text;
    // DeepSeek's field name, which OpenAI-compatible clients read for deep thinking.
    return { reasoning_content: d.text };
  }
  if (d.type === 'tool_call') {
    const index = got.toolCalls.length;
    got.toolCalls.push({ id: d.id, name: d.name, arguments: d.arguments });
    return { tool_calls: [{ index, id: d.id, type: 'function', function: { name: d.name, arguments: d.arguments } }] };
  }
  if (d.type === 'usage') {
    const prompt = d.promptTokens ?? 0;
    const completion = d.completionTokens ?? 0;
    got.usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: d.totalTokens ?? prompt + completion };
  }
  return null;
}

/**
 * The vendor's token counts; a vendor that sent none gets an estimate (about one token per Chinese character or four
 * other characters), so `usage` is always there as OpenAI clients expect.
 */
function usageOf(turn: CompletionTurn, got: Collected): Usage {
  if (got.usage) return got.usage;
  const prompt = estimateTokens(turn.upstream.messages.map((m) => m.content).join('\n'));
  const completion = estimateTokens(got.text + got.reasoning + got.toolCalls.map((c) => c.name + c.arguments).join(''));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

function upstreamError(err: unknown): OpenAiError {
  const timeout = isLlmError(err) && err.kind === 'timeout';
  return new OpenAiError(502, M.openaiUpstreamFailed, 'upstream_error', timeout ? 'upstream_timeout' : 'upstream_failed');
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
