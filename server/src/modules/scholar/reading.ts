import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, ScholarDocSchema, STREAM_ERROR_CODES } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { requireUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { parse } from '../../http/validate';
import { releaseReservation, reserveQuota, streamHold } from '../quota/service';
import { serveStream } from '../../streaming/serve';
import { readDocumentText } from '../uploads/parse/index';
import { docTypeOf, documentMediaType, readExtOf, rtfToText } from './documents';

/** Largest document fetched for a reading (papers are a few MB; more is not worth the wait). */
export const READ_MAX_BYTES = 15 * 1024 * 1024;
const READ_TIMEOUT_MS = 20_000;
/** Document text given to the model: the interpretation reads the start of the paper, the translation its beginning. */
const INTERPRET_CHARS = 12_000;
const TRANSLATE_CHARS = 3_000;
/** The reading model (spec default for search helpers is glm-4-air). */
const READING_MODEL = 'glm_4_air';

/** Fixed phrases the demo upstream recognises (answers/scholar.ts). */
export const INTERPRET_MARKER = '【文献解读】';
export const TRANSLATE_MARKER = '【文献翻译】';

export type ReadingKind = 'interpret' | 'translate';

const KINDS = {
  interpret: {
    quotaKey: 'resource_learning_interpret',
    failed: MSG.scholarInterpretFailed,
    chars: INTERPRET_CHARS,
    system:
      '你是一名学术文献解读助手。请用中文、Markdown 格式解读用户给出的文献：先概述研究问题，再列出方法、主要结论和创新点，最后给出阅读建议。只依据文献内容，不要编造。',
    marker: INTERPRET_MARKER,
  },
  translate: {
    quotaKey: 'learning_translate',
    failed: MSG.scholarTranslateFailed,
    chars: TRANSLATE_CHARS,
    system:
      '你是一名专业的学术翻译。请把用户给出的文献片段忠实、通顺地翻译成简体中文，保留段落结构，专有名词首次出现时在括号中保留原文。只输出译文。',
    marker: TRANSLATE_MARKER,
  },
} as const;

function readingModel(ctx: AppContext): CatalogModel | undefined {
  const usable = (m: CatalogModel | undefined): m is CatalogModel => Boolean(m && m.online && ctx.llm.available(m));
  const preferred = ctx.catalog.get(READING_MODEL);
  if (usable(preferred)) return preferred;
  return ctx.catalog
    .models()
    .filter(usable)
    .find((m) => !m.reasoning);
}

/**
 * Fetch a user-supplied document through the SSRF-safe fetch and read its text, in the user's own
 * lane of the parsing threads (like an upload); throws on anything unusable.
 */
export async function loadDocumentText(ctx: AppContext, userId: number, url: string, signal?: AbortSignal): Promise<string> {
  const res = await ctx.safeFetch(url, { method: 'GET', maxBytes: READ_MAX_BYTES, timeoutMs: READ_TIMEOUT_MS, signal });
  const contentType = documentMediaType(
    { contentType: res.headers['content-type'], disposition: res.headers['content-disposition'] },
    res.url || url,
  );
  const ext = readExtOf(contentType);
  if ((res.status !== 200 && res.status !== 206) || !docTypeOf(contentType) || !ext) throw new Error('not a document');
  const text = ext === 'rtf' ? rtfToText(res.body.toString('latin1')) : await readDocumentText(ext, res.body, { owner: `user:${userId}`, limits: ctx.config.uploads.parse });
  const clean = text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!clean) throw new Error('empty document');
  return clean;
}

export function readingPrompt(kind: ReadingKind, text: string): string {
  const k = KINDS[kind];
  return `${k.marker}\n${[...text].slice(0, k.chars).join('')}`;
}

/**
 * POST /api/v1/search/scholar/interpret and /translate: hold one count of the feature's quota,
 * fetch and read the document (failure: the count is released and the spec's message answered as
 * an envelope), then stream the model's reading with the chat protocol through the streaming
 * engine: paid by its one rule (a reading that delivered text is paid, one that delivered nothing not).
 */
export async function streamReading(ctx: AppContext, kind: ReadingKind, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const k = KINDS[kind];
  const user = requireUser(req);
  const { url } = parse(ScholarDocSchema, req.body);
  const model = readingModel(ctx);
  if (!model) throw refused(k.failed);
  await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
    const hold = await reserveQuota(ctx, user, { quotaKey: k.quotaKey, blockedVips: [] }, `scholar:${kind}`);
    let text: string;
    try {
      text = await loadDocumentText(ctx, user.id, url);
    } catch (err) {
      req.log.info({ err: String(err) }, `scholar: ${kind} could not read the document`);
      await releaseReservation(ctx, hold);
      throw refused(k.failed);
    }
    const messageId = randomUUID();
    return {
      label: `scholar ${kind}`,
      meta: { conversationId: `scholar-${kind}`, messageId, model: model.key, demo: ctx.llm.demo },
      hold: streamHold(ctx, hold),
      heartbeatMs: ctx.config.chatHeartbeatMs,
      reasoning: false,
      upstream: (signal) =>
        ctx.llm.stream({
          model,
          messages: [
            { role: 'system', content: k.system },
            { role: 'user', content: readingPrompt(kind, text) },
          ],
          signal,
        }),
      failureEvent: () => ({ code: STREAM_ERROR_CODES.upstreamFailed, msg: k.failed }),
      doneEvent: () => ({ messageId }),
    };
  });
}
