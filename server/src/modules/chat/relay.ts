import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MSG, STREAM_ERROR_CODES, type StreamEventMap, type StreamUsage } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { LlmDelta } from '../../llm/gateway';
import { isLlmError } from '../../llm/errors';
import type { OpenStreams } from './open-streams';
import { abandonTurn, completeTurn, recordPrompt, type ChatTurn, type ReplyRecord } from './service';
import { SseWriter } from './sse';
import { runSearchPhase } from './web-search';
import { ReplyExtrasRecorder } from './reply-extras';
import { streamWithTools, type ToolEvent } from '../mcp/tool-loop';

/** Why a stream stopped before the upstream finished. */
type StopReason = 'client' | 'shutdown';

/** The `error` event for an upstream failure: a timeout has its own words. */
export function upstreamErrorEvent(err: unknown): StreamEventMap['error'] {
  if (isLlmError(err) && err.kind === 'timeout') return { code: STREAM_ERROR_CODES.upstreamTimeout, msg: MSG.upstreamTimeout };
  return { code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.upstreamFailed };
}

/**
 * Stream one prepared turn to the client (API.md "Chat stream"): `meta` at once, then each
 * upstream delta as its own event the moment it arrives, then `done` after the reply is saved
 * and charged, or `error` with nothing charged. The upstream request starts before anything is
 * written to the database; the question is recorded once the first delta is out. A client that goes away aborts
 * the upstream at once; the server shutting down ends the stream with an `error` event.
 */
export async function relayChat(
  ctx: AppContext,
  streams: OpenStreams,
  turn: ChatTurn,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const upstreamAbort = new AbortController();
  let stopped: StopReason | null = null;

  const onClose = () => {
    if (res.writableFinished || stopped) return;
    stopped = 'client';
    upstreamAbort.abort();
  };
  // Written synchronously: the server closes its sockets right after the shutdown signal.
  const onShutdown = () => {
    if (stopped) return;
    stopped = 'shutdown';
    sse.send('error', { code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    sse.end();
    upstreamAbort.abort();
  };
  res.on('close', onClose);
  let unwatch = () => {};
  try {
    sse.open(reply.getHeaders());
    sse.send('meta', { conversationId: turn.conversationId, messageId: turn.replyId, model: turn.model.key, demo: ctx.llm.demo });
    sse.startHeartbeat(ctx.config.chatHeartbeatMs);
    unwatch = streams.onShutdown(onShutdown);

    // The question is written once the first upstream delta has been forwarded (or the upstream
    // ended without one): the database never sits in front of the first byte. With embedded
    // PGlite a query runs on this thread, so even a write "in parallel" would delay that byte.
    let promptSaved: Promise<void> | undefined;
    const savePrompt = () =>
      (promptSaved ??= recordPrompt(ctx, turn).catch((err: unknown) => log.error({ err }, 'chat: saving the question failed')));
    const extras = new ReplyExtrasRecorder();
    const request = turn.search ? await runSearchPhase(ctx, turn.search, turn.upstream, sse, upstreamAbort.signal, log, extras) : turn.upstream;
    const upstreamRequest = { ...request, signal: upstreamAbort.signal };
    // Models flagged `tools` may call the connected MCP servers' tools (search-agents-tools 3, 9).
    const upstream = (
      turn.model.tools
        ? streamWithTools(ctx, { stream: (r) => ctx.llm.stream(r), request: upstreamRequest, onToolEvent: (e) => sendToolEvent(sse, e, extras) })
        : ctx.llm.stream(upstreamRequest)
    )[Symbol.asyncIterator]();
    const outcome = await forward(upstream, sse, savePrompt);
    outcome.record.extras = extras.value();
    unwatch();
    await savePrompt();

    const reason: StopReason | null = stopped;
    if (reason) {
      // Nothing is charged for a reply the reader did not receive to the end.
      await abandonTurn(ctx, turn, outcome.record, reason === 'client' && outcome.record.content ? 'ok' : 'error');
    } else if (outcome.failure !== null || (!outcome.record.content && !outcome.record.reasoning)) {
      log.warn({ err: outcome.failure, model: turn.model.key }, 'chat: upstream failed');
      sse.send('error', upstreamErrorEvent(outcome.failure));
      await abandonTurn(ctx, turn, outcome.record, 'error');
    } else {
      await finish(ctx, turn, outcome, sse, log);
    }
  } catch (err) {
    log.error({ err }, 'chat: closing the turn failed');
  } finally {
    unwatch();
    sse.end();
    res.off('close', onClose);
  }
}

function sendToolEvent(sse: SseWriter, e: ToolEvent, extras: ReplyExtrasRecorder): void {
  extras.tool(e);
  if (e.event === 'tool_call') sse.send('tool_call', e.data);
  else sse.send('tool_result', e.data);
}

interface Outcome {
  record: ReplyRecord;
  /** The upstream's error, or null when it ended normally (or was stopped by us). */
  failure: unknown;
  reasoningMs?: number;
}

/** Write each delta as its own event while collecting the reply for history; `afterFirst` runs once the first is out. */
async function forward(upstream: AsyncIterator<LlmDelta>, sse: SseWriter, afterFirst: () => void): Promise<Outcome> {
  const text: string[] = [];
  const reasoning: string[] = [];
  let usage: StreamUsage | undefined;
  let reasoningStart = 0;
  let reasoningEnd = 0;
  let failure: unknown = null;
  try {
    for (let step = await upstream.next(); !step.done; step = await upstream.next()) {
      const d = step.value;
      let room = true;
      if (d.type === 'text') {
        text.push(d.text);
        room = sse.send('text', { text: d.text });
      } else if (d.type === 'reasoning') {
        reasoningEnd = Date.now();
        if (reasoningStart === 0) reasoningStart = reasoningEnd;
        reasoning.push(d.text);
        room = sse.send('reasoning', { text: d.text });
      } else if (d.type === 'usage') {
        usage = { promptTokens: d.promptTokens, completionTokens: d.completionTokens, totalTokens: d.totalTokens };
      }
      afterFirst();
      // A slow reader slows the upstream read instead of piling the reply up in memory.
      if (!room) await sse.drained();
    }
  } catch (err) {
    failure = err;
  }
  return {
    record: { content: text.join(''), reasoning: reasoning.join(''), usage },
    failure,
    reasoningMs: reasoningStart ? reasoningEnd - reasoningStart : undefined,
  };
}

/** Save and charge the delivered reply, then `done`; if saving fails, `error` and nothing charged. */
async function finish(ctx: AppContext, turn: ChatTurn, outcome: Outcome, sse: SseWriter, log: FastifyBaseLogger): Promise<void> {
  try {
    await completeTurn(ctx, turn, outcome.record);
  } catch (err) {
    log.error({ err }, 'chat: saving the reply failed');
    sse.send('error', { code: STREAM_ERROR_CODES.internal, msg: MSG.serverError });
    await abandonTurn(ctx, turn, outcome.record, 'error').catch(() => undefined);
    return;
  }
  sse.send('done', { messageId: turn.replyId, usage: outcome.record.usage, reasoningMs: outcome.reasoningMs });
}
