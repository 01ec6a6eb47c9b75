import { randomUUID } from 'node:crypto';
import { STREAM_HEARTBEAT_MS, type PptOutlineReq } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { StreamJob } from '../../streaming/engine';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { demoDocOutline } from '../doc-source/demo';
import type { DocumentSource } from '../doc-source/source';
import { OUTLINE_SYSTEM, outlineUserMessage, type OutlineSource } from './outline-prompt';

/** The model of presentation text (docs/product/mindmap-and-slides.md §7); the default chat model when it is not served. */
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
 * An outline as a streaming-engine job (chat stream protocol: meta, text..., done or error). Not
 * metered: the count of doc_ppt is held when the deck is built. A client that leaves aborts the upstream.
 */
export function outlineJob(ctx: AppContext, model: CatalogModel, req: PptOutlineReq, doc?: DocumentSource): StreamJob {
  const source: OutlineSource = doc ? (req.from ?? 'doc') : 'text';
  return {
    label: 'ppt outline',
    meta: { conversationId: '', messageId: randomUUID(), model: model.key, demo: ctx.llm.demo },
    hold: null,
    heartbeatMs: STREAM_HEARTBEAT_MS,
    reasoning: false,
    upstream: async function* (signal) {
      // A document is read (and condensed when long) once the stream runs.
      const content = doc ? await doc.content(signal) : (req.content ?? '');
      // The demo answer follows the document's own headings or the old deck's slides (doc-source/demo.ts).
      const demo = doc && ctx.llm.demo ? demoDocOutline(content, source === 'oldPpt' ? 'oldPpt' : 'doc', doc.title ?? doc.name) : undefined;
      yield* ctx.llm.stream({
        model,
        messages: [
          { role: 'system', content: OUTLINE_SYSTEM },
          { role: 'user', content: outlineUserMessage(content, source) },
        ],
        temperature: 0.6,
        // An old deck of many slides needs room for every title.
        maxTokens: doc ? OUTLINE_MAX_TOKENS * 2 : OUTLINE_MAX_TOKENS,
        signal,
        headers: demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(demo) } : undefined,
      });
    },
  };
}
