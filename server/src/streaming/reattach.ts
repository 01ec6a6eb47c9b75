import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Code, MSG, STREAM_ERROR_CODES, type StreamEventMap, type StreamEventName } from '@wanxiang/contract';
import { AppError } from '../errors';
import { answerLogKey, answerLogOf } from './answer-log';
import type { StreamServeContext } from './serve';
import { SseWriter } from './sse';

/**
 * Re-attach a reader to one of its resumable answers (GET /v1/chat/stream/{messageId}, issue 17):
 * the events after `afterId` (the Last-Event-ID it saw), then the live ones, up to the final
 * `done` or `error`, each with its id. The log is looked up under the caller's own user id, so
 * another user's answer is simply not found (404). Leaving does nothing to the answer; neither
 * does the server closing (the reader may re-attach to another process).
 */
export async function serveReattach(
  ctx: Pick<StreamServeContext, 'kv' | 'streams' | 'config'> & { config: StreamServeContext['config'] & { chatHeartbeatMs: number } },
  userId: number,
  messageId: string,
  afterId: number,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const answers = answerLogOf(ctx.kv, ctx.config.answerLog);
  const key = answerLogKey(userId, messageId);
  if (ctx.streams.draining) throw new AppError(Code.UNAVAILABLE, MSG.serverShuttingDown);
  if (!(await answers.exists(key))) throw new AppError(Code.NOT_FOUND, MSG.answerNotFound);

  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const leave = new AbortController();
  const onClose = () => leave.abort();
  res.on('close', onClose);
  // At shutdown the reader is let go; the answer itself is stopped by its own stream's handler.
  const unwatch = ctx.streams.onStop(() => {
    sse.send('error', { code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    leave.abort();
  });
  try {
    sse.open(reply.getHeaders());
    sse.startHeartbeat(ctx.config.chatHeartbeatMs);
    for await (const item of answers.follow(key, afterId, leave.signal)) {
      if (item.kind === 'gone') {
        // Events the reader needs are no longer kept (a very long answer, or the log lapsed): it reads history.
        sse.send('error', { code: STREAM_ERROR_CODES.resumeGone, msg: MSG.answerResumeGone });
        break;
      }
      const { id, event, data } = item.event;
      if (!sse.send(event, data as StreamEventMap[StreamEventName], id)) await sse.drained();
    }
  } catch (err) {
    log.error({ err }, 'chat: re-attaching a reader failed');
    sse.send('error', { code: STREAM_ERROR_CODES.internal, msg: MSG.serverError });
  } finally {
    unwatch();
    res.off('close', onClose);
    sse.end();
  }
}

/** The id a re-attaching reader saw last: the Last-Event-ID header (or `lastEventId` in the query); 0 (from the start) when absent. */
export function lastEventIdOf(header: unknown, query: unknown): number {
  const raw = typeof header === 'string' && header.trim() !== '' ? header : typeof query === 'string' ? query : '';
  if (raw.trim() === '') return 0;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new AppError(Code.BAD_REQUEST, MSG.answerBadEventId);
  return n;
}
