import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { STREAM_HEARTBEAT_MS, type PptOutlineReq } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { SseWriter } from '../chat/sse';
import { upstreamErrorEvent } from '../chat/relay';
import { OUTLINE_SYSTEM, outlineUserMessage } from './outline-prompt';

/** The model of presentation text (spec 7.5); the default chat model when it is not served. */
export const OUTLINE_MODEL_KEY = 'v35';
/** Output read at most: an outline of a few dozen slides is far shorter. */
const OUTLINE_MAX_TOKENS = 2_000;

export function pickOutlineModel(ctx: Pick<AppContext, 'catalog' | 'llm'>): CatalogModel | undefined {
  const usable = (m: CatalogModel | undefined): m is CatalogModel => Boolean(m && m.online && ctx.llm.available(m));
  const preferred = ctx.catalog.get(OUTLINE_MODEL_KEY);
  if (usable(preferred)) return preferred;
  return ctx.catalog.models().find((m) => usable(m) && !m.reasoning);
}

/**
 * Stream an outline (chat stream protocol: meta, text..., done or error). Not metered: the count
 * of doc_ppt is held when the deck is built. A client that leaves aborts the upstream.
 */
export async function streamOutline(
  ctx: AppContext,
  model: CatalogModel,
  req: PptOutlineReq,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const abort = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) abort.abort();
  };
  res.on('close', onClose);
  const messageId = randomUUID();
  try {
    sse.open(reply.getHeaders());
    sse.send('meta', { conversationId: '', messageId, model: model.key, demo: ctx.llm.demo });
    sse.startHeartbeat(STREAM_HEARTBEAT_MS);
    let text = '';
    let failure: unknown = null;
    try {
      const stream = ctx.llm.stream({
        model,
        messages: [
          { role: 'system', content: OUTLINE_SYSTEM },
          { role: 'user', content: outlineUserMessage(req.content ?? '') },
        ],
        temperature: 0.6,
        maxTokens: OUTLINE_MAX_TOKENS,
        signal: AbortSignal.any([abort.signal, ctx.shutdown.signal]),
      });
      for await (const d of stream) {
        if (d.type !== 'text') continue;
        text += d.text;
        if (!sse.send('text', { text: d.text })) await sse.drained();
      }
    } catch (err) {
      failure = err;
    }
    if (abort.signal.aborted) return;
    if (failure !== null || !text.trim()) {
      log.warn({ err: failure }, 'ppt outline: upstream failed');
      sse.send('error', upstreamErrorEvent(failure));
    } else {
      sse.send('done', { messageId });
    }
  } finally {
    sse.end();
    res.off('close', onClose);
  }
}
