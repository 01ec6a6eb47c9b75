import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Code, MSG } from '@wanxiang/contract';
import type { Config } from '../config';
import type { KeyValueStore } from '../infra/kv';
import { AppError, rateLimited } from '../errors';
import { runStream, type StreamJob, type StreamMetrics } from './engine';
import { answerLogKey, answerLogOf } from './answer-log';
import type { StreamRegistry } from './registry';
import { answerStopKey } from './remote-stop';
import { admitSlot } from './slots';

export interface StreamServeContext {
  kv: KeyValueStore;
  streams: StreamRegistry;
  config: Pick<Config, 'fairUse' | 'answerLog'>;
  /** The numbers of the streams served (absent: not counted). */
  metrics?: StreamMetrics;
}

/** Who asks for the stream; the columns of one battle round share one place (`group`). */
export interface StreamAsker {
  userId: number;
  group?: { id: string; cap: number };
}

/**
 * Admit, prepare and run one stream. Refused while the process drains for shutdown (503, another
 * process answers), past the user's start rate or live-answer cap (429, other users are not
 * slowed); then `prepare` (every refusal with an envelope, and the hold, live there: its slot goes
 * back when it throws); then the engine. The slot is held until the stream has ended.
 */
export async function serveStream(
  ctx: StreamServeContext,
  asker: StreamAsker,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  prepare: () => Promise<StreamJob>,
): Promise<void> {
  const startedAt = performance.now();
  if (ctx.streams.draining) throw new AppError(Code.UNAVAILABLE, MSG.serverShuttingDown);
  const { streamsPerUser, streamStartsPerMinute } = ctx.config.fairUse;
  // The start rate and the live-answer slot in one call of the shared store (one Redis round trip).
  const slot = await admitSlot(
    ctx.kv,
    { key: `stream:start:${asker.userId}`, windowSec: 60, max: streamStartsPerMinute },
    { pool: 'streams', userId: asker.userId, group: asker.group, cap: streamsPerUser },
  );
  if (slot === 'rate') throw rateLimited(MSG.streamStartsTooFrequent);
  if (slot === 'full') throw rateLimited(MSG.streamsTooMany(streamsPerUser));
  try {
    const job = await prepare();
    // The user may stop it by its messageId from any process (POST /api/v1/chat/stop).
    job.stopKey ??= answerStopKey(asker.userId, job.meta.messageId);
    // An answer that outlives its reader keeps its events where a re-attaching reader finds them (GET /v1/chat/stream/{messageId}).
    if (job.resumable) job.replay ??= answerLogOf(ctx.kv, ctx.config.answerLog, (err) => log.warn({ err }, 'answer log: an append failed')).writer(answerLogKey(asker.userId, job.meta.messageId));
    await runStream(ctx.streams, job, reply, log, ctx.metrics ? { metrics: ctx.metrics, startedAt } : undefined);
  } finally {
    await slot.free();
  }
}
