import { Pool } from 'undici';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LlmError, isLlmError, redact } from './errors';
import type { LlmDelta } from './types';
import type { ChatCompletionBody } from './vendors';

/** Where one request goes: an OpenAI-compatible base URL (ending before /chat/completions). */
export interface UpstreamTarget {
  baseUrl: string;
  apiKey?: string;
  /** Extra request headers (the demo upstream's switches). */
  headers?: Record<string, string>;
}

export interface StreamOptions {
  signal: AbortSignal;
  /** Wait at most this long for the first byte of the answer body. */
  firstByteTimeoutMs: number;
  /** Then at most this long between two body chunks. */
  idleTimeoutMs: number;
}

/** Largest error body read from a failed upstream answer. */
const ERROR_BODY_CAP = 8192;
/** After [DONE]: how long to wait for the end of the response before giving the socket up. */
const DRAIN_WAIT_MS = 1_000;

/**
 * The one streaming adapter: POST {base}/chat/completions with stream:true and yield deltas as
 * SSE events arrive. One keep-alive undici Pool per upstream origin, so the hot path reuses
 * warm sockets; an abort or a timeout destroys the request's socket at once.
 */
export class OpenAiStreamClient {
  private readonly pools = new Map<string, Pool>();

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      // connections unlimited: each live stream holds one HTTP/1.1 socket for its whole reply.
      pool = new Pool(origin, { pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connect: { timeout: 10_000 } });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async *stream(target: UpstreamTarget, body: ChatCompletionBody, opts: StreamOptions): AsyncGenerator<LlmDelta, void, undefined> {
    if (opts.signal.aborted) throw new LlmError('aborted', 'request aborted before sending');
    const url = new URL(`${target.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    const pool = this.poolFor(url.origin);
    const internal = new AbortController();
    const onCallerAbort = () => internal.abort();
    opts.signal.addEventListener('abort', onCallerAbort, { once: true });
    let timeoutPhase: 'first-byte' | 'idle' | null = null;
    let phase: 'first-byte' | 'idle' = 'first-byte';
    let timer = setTimeout(() => {
      timeoutPhase = phase;
      internal.abort();
    }, opts.firstByteTimeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream', ...target.headers };
    if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
    const secrets = [target.apiKey];
    let res: Awaited<ReturnType<Pool['request']>> | undefined;
    let complete = false;
    const state: ParseState = { pending: [], done: false, finished: false, failure: null, calls: new Map() };
    try {
      res = await pool.request({
        path: url.pathname + url.search,
        method: 'POST',
        headers,
        body: JSON.stringify(wireBody(body)),
        signal: internal.signal,
        // Our own timers below cover both phases; undici's would only see headers and body.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        const text = await readCapped(res.body, ERROR_BODY_CAP);
        throw new LlmError('http', `upstream HTTP ${res.statusCode}: ${redact(errorText(text), secrets)}`, res.statusCode);
      }
      const contentType = String(res.headers['content-type'] ?? '');
      if (!contentType.includes('text/event-stream')) {
        // Some gateways answer an error as JSON with status 200.
        const text = await readCapped(res.body, ERROR_BODY_CAP);
        throw new LlmError(
          'protocol',
          `upstream answered ${contentType || 'no content type'}: ${redact(errorText(text), secrets)}`,
          res.statusCode,
        );
      }

      const parser = createParser({ onEvent: (ev) => onEvent(ev, state, secrets) });
      const decoder = new TextDecoder();
      // No `break` out of this loop: that would destroy the body and with it a reusable socket.
      for await (const chunk of res.body) {
        if (state.done) continue;
        if (phase === 'first-byte') {
          phase = 'idle';
          clearTimeout(timer);
          timer = setTimeout(() => {
            timeoutPhase = 'idle';
            internal.abort();
          }, opts.idleTimeoutMs);
        } else {
          timer.refresh();
        }
        parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
        if (state.pending.length) {
          const out = state.pending;
          state.pending = [];
          for (const delta of out) yield delta;
        }
        if (state.failure) throw state.failure;
        if (state.done) {
          // Only the chunked terminator is left: wait briefly for it so the socket returns to
          // the pool, and give up (closing the socket) if the vendor keeps it open.
          clearTimeout(timer);
          timer = setTimeout(() => res?.body.destroy(), DRAIN_WAIT_MS);
        }
      }
      if (!state.done && !state.finished) throw new LlmError('protocol', 'upstream stream ended before [DONE]');
      complete = true;
    } catch (err) {
      // The reply was whole; only the wait for the connection's tail ended early.
      if (state.done && !state.failure && !opts.signal.aborted) return;
      throw classify(err, { callerAborted: opts.signal.aborted, timeoutPhase, opts });
    } finally {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onCallerAbort);
      // A consumer that stopped early, or a failure: that socket must not be reused.
      if (res && !complete && !res.body.destroyed) res.body.destroy();
    }
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }
}

interface ParseState {
  pending: LlmDelta[];
  /** `data: [DONE]` seen. */
  done: boolean;
  /** A choice carried a finish_reason (some servers end without [DONE]). */
  finished: boolean;
  failure: LlmError | null;
  /** Tool calls being assembled from their fragments, by the vendor's index. */
  calls: Map<number, { id: string; name: string; arguments: string }>;
}

/** The assembled tool calls go out in index order when the model's turn ends, then are forgotten. */
function flushCalls(state: ParseState): void {
  const indexes = [...state.calls.keys()].sort((a, b) => a - b);
  for (const i of indexes) {
    const c = state.calls.get(i)!;
    if (c.name) state.pending.push({ type: 'tool_call', id: c.id || `call_${i}`, name: c.name, arguments: c.arguments || '{}' });
  }
  state.calls.clear();
}

/** Fold one `delta.tool_calls` array into the calls being assembled (OpenAI streams each call in fragments). */
function collectCalls(state: ParseState, fragments: unknown[]): void {
  fragments.forEach((raw, position) => {
    if (!isObject(raw)) return;
    // Some servers (Gemini's compatible endpoint) leave the index out: the position stands in.
    const index = typeof raw.index === 'number' ? raw.index : position;
    let call = state.calls.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: '' };
      state.calls.set(index, call);
    }
    if (typeof raw.id === 'string' && raw.id && !call.id) call.id = raw.id;
    const fn = isObject(raw.function) ? raw.function : undefined;
    if (fn && typeof fn.name === 'string' && fn.name && !call.name) call.name = fn.name;
    if (fn && typeof fn.arguments === 'string') call.arguments += fn.arguments;
    // A few servers send the arguments already parsed.
    else if (fn && isObject(fn.arguments)) call.arguments = JSON.stringify(fn.arguments);
  });
}

function onEvent(ev: EventSourceMessage, state: ParseState, secrets: readonly (string | undefined)[]): void {
  if (state.done || state.failure) return;
  const data = ev.data.trim();
  if (data === '[DONE]') {
    flushCalls(state);
    state.done = true;
    return;
  }
  if (data === '') return;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    state.failure = new LlmError('protocol', 'upstream sent an event that is not JSON');
    return;
  }
  if (!isObject(json)) return;
  if (json.error !== undefined && json.error !== null) {
    state.failure = new LlmError('protocol', `upstream error event: ${redact(errorText(JSON.stringify(json)), secrets)}`);
    return;
  }
  const choice = Array.isArray(json.choices) && isObject(json.choices[0]) ? json.choices[0] : undefined;
  const delta = choice && isObject(choice.delta) ? choice.delta : undefined;
  if (delta) {
    // DeepSeek, Qwen and Doubao call it reasoning_content; OpenRouter and Ollama call it reasoning.
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) state.pending.push({ type: 'reasoning', text: reasoning });
    if (typeof delta.content === 'string' && delta.content) state.pending.push({ type: 'text', text: delta.content });
    if (Array.isArray(delta.tool_calls)) collectCalls(state, delta.tool_calls);
  }
  if (choice && typeof choice.finish_reason === 'string' && choice.finish_reason) {
    state.finished = true;
    flushCalls(state);
  }
  // Usage sits at the top level (OpenAI, GLM) or inside the choice (Kimi).
  const usage = isObject(json.usage) ? json.usage : choice && isObject(choice.usage) ? choice.usage : undefined;
  if (usage) {
    state.pending.push({
      type: 'usage',
      promptTokens: num(usage.prompt_tokens),
      completionTokens: num(usage.completion_tokens),
      totalTokens: num(usage.total_tokens),
    });
  }
}

/** A message with content parts goes out as an OpenAI content array (vision); the rest as they are. */
export function wireBody(body: ChatCompletionBody): ChatCompletionBody | Record<string, unknown> {
  if (!body.messages.some((m) => m.parts || m.toolCalls || m.toolCallId)) return body;
  return { ...body, messages: body.messages.map(wireMessage) };
}

/** Tool turns in OpenAI's shape: assistant `tool_calls` (content may be null), `tool` answers with `tool_call_id`. */
function wireMessage({ parts, toolCalls, toolCallId, ...m }: ChatCompletionBody['messages'][number]): Record<string, unknown> {
  if (toolCalls?.length) {
    return {
      ...m,
      content: m.content || null,
      tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    };
  }
  if (toolCallId) return { ...m, tool_call_id: toolCallId };
  return parts ? { ...m, content: parts } : m;
}

function classify(
  err: unknown,
  ctx: { callerAborted: boolean; timeoutPhase: 'first-byte' | 'idle' | null; opts: StreamOptions },
): LlmError {
  if (ctx.callerAborted) return new LlmError('aborted', 'request aborted by the caller');
  if (ctx.timeoutPhase === 'first-byte') return new LlmError('timeout', `no answer from upstream within ${ctx.opts.firstByteTimeoutMs} ms`);
  if (ctx.timeoutPhase === 'idle') return new LlmError('timeout', `upstream silent for ${ctx.opts.idleTimeoutMs} ms mid-stream`);
  if (isLlmError(err)) return err;
  // Node and undici errors carry a stable code; their text may hold addresses, so use the code.
  const code =
    isObject(err) && typeof err.code === 'string' ? err.code : isObject(err) && typeof err.name === 'string' ? err.name : 'unknown';
  return new LlmError('network', `upstream connection failed (${code})`);
}

async function readCapped(body: AsyncIterable<unknown> & { destroy(): unknown }, cap: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    parts.push(buf);
    size += buf.length;
    if (size >= cap) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, cap).toString('utf8');
}

/** The vendor's own error sentence when the body is OpenAI-shaped, else the raw text. */
function errorText(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    if (isObject(json)) {
      const e = json.error;
      if (isObject(e) && typeof e.message === 'string') return e.message;
      if (typeof e === 'string') return e;
      if (typeof json.message === 'string') return json.message;
      if (typeof json.error_msg === 'string') return json.error_msg;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
