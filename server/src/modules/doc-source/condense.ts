import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { wholeAnswer } from '../../llm/whole-answer';
import { demoCondense } from './demo';

/**
 * Long documents condensed to fit what a model reads whole (docs/product/mindmap-and-slides.md §11): the text is cut
 * into chunks at heading or paragraph boundaries, each chunk is summarised by the same model that then writes the
 * mind map or outline (a few at a time), keeping its headings as Markdown, and the summaries are joined in order.
 * The result is kept a while per upload, so asking again (重新生成) does not summarise again.
 */

/** One chunk: well inside any served model's context, large enough that few calls are needed (100k chars -> ~13). */
export const CHUNK_CHARS = 8_000;
/** Chunks summarised at the same time. */
const PARALLEL = 3;
/** A chunk's summary is never asked shorter than this. */
const MIN_TARGET = 400;
/** How long a condensed text is reused (seconds). */
const CACHE_SECONDS = 3600;

export const CONDENSE_MARKER = '【文档分段摘要】';

const CONDENSE_SYSTEM = [
  `${CONDENSE_MARKER}你是文档摘要助手。请把用户给出的文档片段压缩成 Markdown 摘要：`,
  '保留片段中所有以 # 开头的标题行（原样保留层级），每个标题下用 2 到 5 条“- ”要点概括原文，',
  '要点保留关键的事实、数字和结论；只输出摘要，不要解释。',
].join('\n');

/** Chunks of at most `size` characters, cut before a heading where possible, else at a line end. */
export function splitChunks(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  const push = () => {
    if (current.length) chunks.push(current.join('\n'));
    current = [];
    length = 0;
  };
  for (const line of text.split('\n')) {
    // A heading starts a new chunk once the current one is half full (sections stay whole when they can).
    if (/^#{1,6}\s/.test(line) && length > size / 2) push();
    // A single line longer than a chunk (a PDF page without breaks) is cut into pieces.
    const pieces = line.length > size ? Array.from({ length: Math.ceil(line.length / size) }, (_, i) => line.slice(i * size, (i + 1) * size)) : [line];
    for (const piece of pieces) {
      if (length + piece.length + 1 > size && length > 0) push();
      current.push(piece);
      length += piece.length + 1;
    }
  }
  push();
  return chunks;
}

export interface CondenseRequest {
  model: CatalogModel;
  text: string;
  /** Characters the result may have. */
  budget: number;
  signal: AbortSignal;
  /** Caches the result under this key (the upload id): the same document is summarised once an hour. */
  cacheKey?: string;
}

type CondenseContext = Pick<AppContext, 'llm' | 'kv'>;

/** The text itself when it fits the budget; else its chunk summaries joined, at most `budget` characters. */
export async function condenseSource(ctx: CondenseContext, req: CondenseRequest): Promise<string> {
  if (req.text.length <= req.budget) return req.text;
  const key = req.cacheKey ? `docsource:condensed:${req.cacheKey}:${req.budget}` : '';
  if (key) {
    const cached = await ctx.kv.get(key);
    if (cached) return cached;
  }
  const chunks = splitChunks(req.text);
  const target = Math.max(MIN_TARGET, Math.floor(req.budget / chunks.length));
  const summaries: string[] = new Array<string>(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const i = next++;
      summaries[i] = await summarise(ctx, req, chunks[i]!, target, i, chunks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
  const joined = cutAtLine(summaries.join('\n\n'), req.budget);
  if (key) await ctx.kv.set(key, joined, CACHE_SECONDS);
  return joined;
}

async function summarise(ctx: CondenseContext, req: CondenseRequest, chunk: string, target: number, index: number, total: number): Promise<string> {
  const out = await wholeAnswer(
    ctx,
    req.model,
    {
      system: CONDENSE_SYSTEM,
      user: `${CONDENSE_MARKER}这是一份文档的第 ${index + 1}/${total} 段，请压缩到 ${target} 字以内：\n${chunk}`,
      temperature: 0.2,
      // Chinese runs about one token a character; the margin lets a sentence finish.
      maxTokens: Math.ceil(target * 1.5) + 200,
      demoAnswer: ctx.llm.demo ? demoCondense(chunk, target) : null,
    },
    req.signal,
  );
  return cutAtLine(out.trim(), Math.ceil(target * 1.3));
}

/** At most `max` characters, cut at the last line end before it (a whole line when there is none). */
export function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const end = head.lastIndexOf('\n');
  return end > max / 2 ? head.slice(0, end) : head;
}
