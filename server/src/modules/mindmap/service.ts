import { Code, MSG, STREAM_ERROR_CODES } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { AppError } from '../../http/errors';
import { upstreamErrorEvent, type StreamJob } from '../../streaming/engine';
import { streamHold, type Reservation } from '../quota/service';
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

export interface MindMapRequest {
  id: string;
  model: CatalogModel;
  hold: Reservation;
  /** The text, or how to get it once the stream runs (a long document is condensed first, doc-source/condense.ts). */
  content: string | ((signal: AbortSignal) => Promise<string>);
  title?: string;
  /** The content is an uploaded document or transcript: the prompt asks to keep its headings. */
  fromDocument?: boolean;
}

/**
 * The outline as a streaming-engine job: meta at once, each text delta as it arrives, then done
 * (the count charged) or error (given back); paid by the engine's one rule.
 */
export function mindMapJob(ctx: AppContext, m: MindMapRequest): StreamJob {
  return {
    label: 'mindmap',
    meta: { conversationId: m.id, messageId: m.id, model: m.model.key, demo: ctx.llm.demo },
    hold: streamHold(ctx, m.hold),
    heartbeatMs: ctx.config.chatHeartbeatMs,
    reasoning: false,
    maxTextChars: OUTPUT_MAX_CHARS,
    upstream: async function* (signal) {
      const content = typeof m.content === 'string' ? m.content : await m.content(signal);
      yield* ctx.llm.stream({
        model: m.model,
        messages: [
          { role: 'system', content: MINDMAP_SYSTEM_PROMPT },
          { role: 'user', content: mindMapUserPrompt(content, m.title, m.fromDocument) },
        ],
        temperature: 0.3,
        signal,
      });
    },
    failureEvent: (err) => (err !== null ? upstreamErrorEvent(err) : { code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.mindmapFailed }),
  };
}
