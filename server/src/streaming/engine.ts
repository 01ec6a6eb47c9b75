import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MSG, STREAM_ERROR_CODES, type StreamEventMap, type StreamUsage } from '@wanxiang/contract';
import type { AppMetrics } from '../infra/metrics';
import { isLlmError } from '../llm/errors';
import type { LlmDelta } from '../llm/types';
import type { AnswerLogWriter } from './answer-log';
import type { StreamRegistry } from './registry';
import { SseWriter } from './sse';
import { wellFormed } from './well-formed';

/**
 * The one metered streaming engine (CREATION.md): every streamed answer — chat, battle columns,
 * agents, custom providers, mind maps, slide outlines, scholar readings — runs here:
 *
 *   (hold taken by the caller) -> meta -> upstream -> forward each delta as it arrives ->
 *   charge or give back -> save -> done | error
 *
 * The one pay rule (QUALITY G8): an answer that delivered text is paid once, whether it ended,
 * was stopped or lost its reader; an answer that delivered nothing is not. Delivered means a text
 * (or deep-thinking) chunk was written to the reader's socket. Two ends are not the reader's doing
 * and are not paid even after text: the upstream failing (the reader sees an error, not an
 * answer) and the server ending the stream at shutdown after its grace period.
 * The charge comes before the save: a save that fails is logged and the charge stays.
 */

/** The money side of a stream: a hold taken before it opened. Each close is idempotent. */
export interface StreamHold {
  settle(): Promise<unknown>;
  release(): Promise<unknown>;
  /** A sign of life every `keepEveryMs` while the answer streams (holds a reaper gives back when left alone). */
  keep?(): Promise<unknown>;
  keepEveryMs?: number;
}

/** What the stream carried. Strings are well-formed UTF-16 (safe for jsonb). */
export interface Answer {
  content: string;
  reasoning: string;
  usage?: StreamUsage;
  reasoningMs?: number;
  /** Whether any text or deep-thinking chunk reached the reader: the answer is paid. */
  delivered: boolean;
}

/** How a stream ended: `done` (the upstream finished), `stopped` (the reader left, or the user asked to stop it), `failed`, `shutdown`. */
export type StreamEnd = 'done' | 'stopped' | 'failed' | 'shutdown';

/** Events a job may send besides the answer's own (web search, tool calls). */
export type StreamEvents = Pick<EventSink, 'send'>;

/** Where the engine writes events: the reader's socket, or the socket and the answer's log. */
interface EventSink {
  send<K extends keyof StreamEventMap>(event: K, data: StreamEventMap[K]): boolean;
  /** Whether an event sent now reaches the reader (now, or when it re-attaches). */
  readonly writable: boolean;
  drained(): Promise<void>;
}

export interface StreamJob {
  /** The first event, sent before any upstream byte. */
  meta: StreamEventMap['meta'];
  /** Null for streams nothing is charged for (slide outlines). */
  hold: StreamHold | null;
  heartbeatMs: number;
  /** Short name for logs: 'chat', 'agent chat', 'mindmap'... */
  label: string;
  /** The answer's name for a stop the user asks for (remote-stop.ts answerStopKey; serveStream sets it); none: only its reader stops it. */
  stopKey?: string;
  /**
   * The answer outlives its reader (chat, battle columns, custom providers: issue 17): a reader that
   * leaves (reload, dropped network, locked phone) no longer stops it; only a stop the user asks for
   * does. Its events carry ids and are kept for readers that re-attach (answer-log.ts).
   */
  resumable?: boolean;
  /** Where a resumable answer's events are kept; serveStream sets it when `resumable`. */
  replay?: AnswerLogWriter;
  /** The answer's deltas. It may send other events first or between (search, tool calls) through `events`. */
  upstream(signal: AbortSignal, events: StreamEvents): AsyncIterable<LlmDelta>;
  /** Forward deep-thinking chunks (default true); false drops them (outlines read only the text). */
  reasoning?: boolean;
  /** Stop reading after this many characters of text; the answer then ends as `done`. */
  maxTextChars?: number;
  /** Runs once after the first delta went out (chat records the question here, never before the first byte). */
  afterFirstDelta?(): void;
  /** A paid answer (`done` or `stopped`), after the charge: persist it. A failure is logged; the charge stays. */
  save?(answer: Answer, end: 'done' | 'stopped'): Promise<void>;
  /** An unpaid answer, after the hold was given back: record what was shown (an `error` reply). */
  discard?(answer: Answer, end: StreamEnd): Promise<void>;
  /** The `done` event's data; default {messageId, usage, reasoningMs}. */
  doneEvent?(answer: Answer): StreamEventMap['done'];
  /** The `error` event for an upstream failure (null: the upstream ended without any text). */
  failureEvent?(err: unknown): StreamEventMap['error'];
}

/** The `error` event for an upstream failure: a timeout has its own words. */
export function upstreamErrorEvent(err: unknown): StreamEventMap['error'] {
  if (isLlmError(err) && err.kind === 'timeout') return { code: STREAM_ERROR_CODES.upstreamTimeout, msg: MSG.upstreamTimeout };
  return { code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.upstreamFailed };
}

/** The stream's numbers: starts, open streams, first byte and ends, by the job's label (docs/operations.md). */
export type StreamMetrics = Pick<AppMetrics, 'streamStarted' | 'streamFirstByte' | 'streamEnded'>;

export interface StreamMeter {
  metrics: StreamMetrics;
  /** performance.now() when the stream route began to serve: the first byte is timed from here. */
  startedAt: number;
}

/**
 * Run one stream to its end on a hijacked reply. Never throws: every failure becomes an `error`
 * event (when the reader is still there) and a log line. Resolves once the hold is closed and the
 * answer saved, so a closing server can wait for it (the registry tracks it).
 */
export async function runStream(streams: StreamRegistry, job: StreamJob, reply: FastifyReply, log: FastifyBaseLogger, meter?: StreamMeter): Promise<void> {
  await streams.track(run(streams, job, reply, log, meter));
}

async function run(streams: StreamRegistry, job: StreamJob, reply: FastifyReply, log: FastifyBaseLogger, meter?: StreamMeter): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const out: EventSink = job.replay ? tee(sse, job.replay) : sse;
  const abort = new AbortController();
  let stop: 'client' | 'shutdown' | null = null;
  // A stop the user asked for, maybe on another process (remote-stop.ts).
  const onAsked = () => {
    if (res.writableFinished || stop) return;
    stop = 'client';
    abort.abort();
  };
  // The reader leaving is the same end, unless the answer outlives its reader: then it goes on,
  // its events kept for a re-attach, and it is saved and paid at its end.
  const onClose = () => {
    if (!job.replay) onAsked();
  };
  // Written synchronously: the server closes its sockets right after stopping the streams.
  const onStop = () => {
    if (stop) return;
    stop = 'shutdown';
    out.send('error', { code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    sse.end();
    abort.abort();
  };
  res.on('close', onClose);
  const unwatch = streams.onStop(onStop);
  const unasked = job.stopKey ? streams.onStopRequest(job.stopKey, onAsked) : () => undefined;
  const keeper = keepAlive(job.hold, log, job.label);
  let moneyClosed = false;
  let ended = 'error';
  meter?.metrics.streamStarted(job.label);
  const firstText = meter ? () => meter.metrics.streamFirstByte(job.label, (performance.now() - meter.startedAt) / 1000) : undefined;
  const close = async (paid: boolean) => {
    moneyClosed = true;
    if (!job.hold) return;
    try {
      await (paid ? job.hold.settle() : job.hold.release());
    } catch (err) {
      // Left held, the reaper closes it later; the answer's fate is in this log line.
      log.error({ err, paid }, `${job.label}: closing the hold failed`);
    }
  };
  try {
    sse.open(reply.getHeaders());
    out.send('meta', job.meta);
    sse.startHeartbeat(job.heartbeatMs);
    const got = await forward(job, out, abort, firstText);
    const answer: Answer = { ...got.answer, content: wellFormed(got.answer.content), reasoning: wellFormed(got.answer.reasoning) };
    clearInterval(keeper);
    unwatch();
    unasked();
    const end: StreamEnd = stop === 'shutdown' ? 'shutdown' : stop === 'client' ? 'stopped' : got.failure !== null || !answer.delivered ? 'failed' : 'done';
    ended = end;
    if (end === 'failed') {
      if (got.failure !== null) log.warn({ err: got.failure }, `${job.label}: upstream failed`);
      out.send('error', (job.failureEvent ?? upstreamErrorEvent)(got.failure));
    }
    const paid = answer.delivered && (end === 'done' || end === 'stopped');
    await close(paid);
    if (paid) {
      await job.save?.(answer, end as 'done' | 'stopped').catch((err: unknown) => log.error({ err }, `${job.label}: saving the answer failed; the charge stays`));
      const done = job.doneEvent?.(answer) ?? { messageId: job.meta.messageId, usage: answer.usage, reasoningMs: answer.reasoningMs };
      if (end === 'done') out.send('done', done);
      // A resumable answer always ends its log (and its reader, who asked) with a final event.
      else if (job.replay) out.send('done', { ...done, stopped: true });
    } else {
      await job.discard?.(answer, end).catch((err: unknown) => log.error({ err }, `${job.label}: recording the unpaid answer failed`));
      if (end === 'stopped' && job.replay) out.send('error', { code: STREAM_ERROR_CODES.stopped, msg: MSG.answerStoppedEmpty });
    }
  } catch (err) {
    log.error({ err }, `${job.label}: the stream failed`);
    out.send('error', { code: STREAM_ERROR_CODES.internal, msg: MSG.serverError });
    if (!moneyClosed) await close(false);
  } finally {
    clearInterval(keeper);
    unwatch();
    unasked();
    sse.end();
    res.off('close', onClose);
    meter?.metrics.streamEnded(job.label, ended);
  }
}

/** The hold's keep-alive timer while the stream runs (none for holds without one). */
function keepAlive(hold: StreamHold | null, log: FastifyBaseLogger, label: string): NodeJS.Timeout | undefined {
  if (!hold?.keep || !hold.keepEveryMs) return undefined;
  const timer = setInterval(() => {
    hold.keep!().catch((err: unknown) => log.warn({ err }, `${label}: keeping the hold alive failed`));
  }, hold.keepEveryMs);
  timer.unref();
  return timer;
}

interface Forwarded {
  answer: Answer;
  /** The upstream's error, or null when it ended (or we stopped reading). */
  failure: unknown;
}

/**
 * Write each delta as its own event the moment it arrives, collecting the answer; a slow reader slows the read.
 * `onFirstText` runs once, when the first text or deep-thinking chunk reached the reader.
 */
async function forward(job: StreamJob, sse: EventSink, abort: AbortController, onFirstText?: () => void): Promise<Forwarded> {
  const text: string[] = [];
  const reasoning: string[] = [];
  let textChars = 0;
  let usage: StreamUsage | undefined;
  let reasoningStart = 0;
  let reasoningEnd = 0;
  let delivered = false;
  let failure: unknown = null;
  let first = true;
  const keepReasoning = job.reasoning !== false;
  const upstream = job.upstream(abort.signal, sse)[Symbol.asyncIterator]();
  try {
    for (let step = await upstream.next(); !step.done; step = await upstream.next()) {
      const d = step.value;
      let room = true;
      const wasDelivered = delivered;
      if (d.type === 'text' && d.text) {
        text.push(d.text);
        textChars += d.text.length;
        if (sse.writable) delivered = true;
        room = sse.send('text', { text: d.text });
      } else if (d.type === 'reasoning' && d.text && keepReasoning) {
        reasoningEnd = Date.now();
        if (reasoningStart === 0) reasoningStart = reasoningEnd;
        reasoning.push(d.text);
        if (sse.writable) delivered = true;
        room = sse.send('reasoning', { text: d.text });
      } else if (d.type === 'usage') {
        usage = { promptTokens: d.promptTokens, completionTokens: d.completionTokens, totalTokens: d.totalTokens };
      }
      if (delivered && !wasDelivered) onFirstText?.();
      if (first) {
        first = false;
        // Not now: the delta's bytes leave on the next tick (Node corks each response write until
        // then), and with embedded PGlite a query started here would run on this thread first.
        if (job.afterFirstDelta) setImmediate(job.afterFirstDelta);
      }
      if (job.maxTextChars !== undefined && textChars > job.maxTextChars) {
        // Enough read: close the upstream request; the answer ends as it is.
        await upstream.return?.();
        break;
      }
      if (!room) await sse.drained();
    }
  } catch (err) {
    failure = err;
  }
  if (first) job.afterFirstDelta?.();
  return {
    answer: {
      content: text.join(''),
      reasoning: reasoning.join(''),
      usage,
      reasoningMs: reasoningStart ? reasoningEnd - reasoningStart : undefined,
      delivered,
    },
    failure,
  };
}

/**
 * A resumable answer's events: each numbered and appended to its log, then written to the socket
 * with its id. Every event reaches the reader, now or when it re-attaches, so an answer that produced
 * text delivered it (the pay rule) even while no reader is attached.
 */
function tee(sse: SseWriter, log: AnswerLogWriter): EventSink {
  return {
    get writable() {
      return true;
    },
    send(event, data) {
      return sse.send(event, data, log.append(event, data));
    },
    drained: () => sse.drained(),
  };
}
