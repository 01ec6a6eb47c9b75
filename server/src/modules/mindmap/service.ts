import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Code, MSG, STREAM_ERROR_CODES } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { AppError } from '../../http/errors';
import { releaseReservation, settleReservation, type Reservation } from '../quota/service';
import { SseWriter } from '../chat/sse';
import { upstreamErrorEvent } from '../chat/relay';
import { MINDMAP_SYSTEM_PROMPT, mindMapUserPrompt } from './prompt';

/** The catalog model that writes outlines (7.5: glm_4_flash). */
export const MINDMAP_MODEL_KEY = 'glm_4_flash';
/** Outline length read at most: a map of a long answer stays far below this. */
const OUTPUT_MAX_CHARS = 20_000;

export function mindMapModel(ctx: AppContext): CatalogModel {
  const model = ctx.catalog.get(MINDMAP_MODEL_KEY);
  if (!model || !ctx.llm.available(model)) throw new AppError(Code.FAILED, MSG.mindmapFailed);
  return model;
}

export interface MindMapJob {
  id: string;
  model: CatalogModel;
  hold: Reservation;
  content: string;
  title?: string;
}

/**
 * Stream the outline: meta at once, each text delta as it arrives, then done (count charged) or
 * error (count given back). A client that goes away aborts the upstream and is not charged.
 */
export async function streamMindMap(ctx: AppContext, job: MindMapJob, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const abort = new AbortController();
  let gone = false;
  const onClose = () => {
    if (res.writableFinished) return;
    gone = true;
    abort.abort();
  };
  res.on('close', onClose);
  let settled = false;
  try {
    sse.open(reply.getHeaders());
    sse.send('meta', { conversationId: job.id, messageId: job.id, model: job.model.key, demo: ctx.llm.demo });
    sse.startHeartbeat(ctx.config.chatHeartbeatMs);
    let out = '';
    let failure: unknown = null;
    try {
      const stream = ctx.llm.stream({
        model: job.model,
        messages: [
          { role: 'system', content: MINDMAP_SYSTEM_PROMPT },
          { role: 'user', content: mindMapUserPrompt(job.content, job.title) },
        ],
        temperature: 0.3,
        signal: abort.signal,
      });
      for await (const d of stream) {
        if (d.type !== 'text') continue;
        out += d.text;
        if (!sse.send('text', { text: d.text })) await sse.drained();
        if (out.length > OUTPUT_MAX_CHARS) break;
      }
    } catch (err) {
      failure = err;
    }
    if (gone) return;
    if (failure !== null || !out.trim()) {
      log.warn({ err: failure }, 'mindmap: upstream failed');
      sse.send('error', failure !== null ? upstreamErrorEvent(failure) : { code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.mindmapFailed });
      return;
    }
    settled = await settleReservation(ctx, job.hold).catch((err: unknown) => {
      log.error({ err }, 'mindmap: charging failed');
      return false;
    });
    sse.send('done', { messageId: job.id });
  } catch (err) {
    log.error({ err }, 'mindmap: stream failed');
  } finally {
    if (!settled) await releaseReservation(ctx, job.hold).catch(() => undefined);
    sse.end();
    res.off('close', onClose);
  }
}
