import { INTENT_MARKER } from './intent-marker';

export { INTENT_MARKER };
import { SEARCH_SOURCE_TYPES, type IntentResult, type SearchSourceType } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';

/**
 * Intent detection of the unified search page (docs/product/search.md §3, §4, §7): a model reads
 * the query and picks the category (academic Google or arXiv, cloud-disk, files, websites).
 * Anything else (no model, upstream error, timeout, unreadable answer) falls back to academic
 * Google search, as the spec says for a parse failure.
 */

export type IntentContext = Pick<AppContext, 'catalog' | 'llm'>;

export const INTENT_DEFAULT_MODEL = 'glm_4_air';
/** The chat type the original sends with this call. */
export const INTENT_CHAT_TYPE = 'AI搜索';
export const INTENT_TIMEOUT_MS = 15_000;
const OUTPUT_MAX_CHARS = 2_000;
const REASON_MAX_CHARS = 200;

export const INTENT_FALLBACK: IntentResult = { source_type: 'google', reason: '' };

export function intentPrompt(query: string): string {
  return [
    `${INTENT_MARKER}请判断用户的搜索意图，从下面五类中选一类：`,
    'google：学术论文、期刊、学者、研究综述（学术搜索）；',
    'arxiv：arXiv 预印本、最新机器学习/物理/数学论文；',
    'webdisk：网盘资源、影视剧集、软件、课程等资源下载；',
    'file：文档文件，如 PDF、Word、PPT、Excel、模板、报告；',
    'website：网站、官网、在线工具、导航。',
    '只输出一个 JSON 对象，例如 {"source_type":"google","reason":"用户在找学术论文"}，不要输出其他内容。',
    `用户问题：${query}`,
  ].join('\n');
}

/** The requested catalog model when it can answer, else the default intent model. */
export function pickIntentModel(ctx: IntentContext, requested?: string): CatalogModel | undefined {
  const usable = (m: CatalogModel | undefined): m is CatalogModel => Boolean(m && m.online && ctx.llm.available(m));
  const wanted = requested ? ctx.catalog.get(requested) : undefined;
  if (usable(wanted)) return wanted;
  const fallback = ctx.catalog.get(INTENT_DEFAULT_MODEL);
  return usable(fallback) ? fallback : undefined;
}

export async function detectIntent(ctx: IntentContext, query: string, requested?: string, parent?: AbortSignal): Promise<IntentResult> {
  const model = pickIntentModel(ctx, requested);
  if (!model) return INTENT_FALLBACK;
  const timeout = AbortSignal.timeout(INTENT_TIMEOUT_MS);
  const signal = parent ? AbortSignal.any([parent, timeout]) : timeout;
  let out = '';
  try {
    for await (const d of ctx.llm.stream({
      model,
      messages: [{ role: 'user', content: intentPrompt(query) }],
      temperature: 0,
      maxTokens: 200,
      signal,
    })) {
      if (d.type === 'text') out += d.text;
      if (out.length > OUTPUT_MAX_CHARS) break;
    }
  } catch {
    return INTENT_FALLBACK;
  }
  return parseIntent(out);
}

const isSourceType = (v: unknown): v is SearchSourceType => typeof v === 'string' && (SEARCH_SOURCE_TYPES as readonly string[]).includes(v);

/** The first JSON object of the answer (bare, fenced or inside prose) naming a known source_type; else the fallback. */
export function parseIntent(output: string): IntentResult {
  const text = output.replace(/```(?:json)?/gi, '');
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    for (let end = text.indexOf('}', start); end > start; end = text.indexOf('}', end + 1)) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, end + 1));
      } catch {
        continue;
      }
      if (typeof value !== 'object' || value === null) break;
      const rec = value as Record<string, unknown>;
      const type = typeof rec.source_type === 'string' ? rec.source_type.trim().toLowerCase() : undefined;
      if (!isSourceType(type)) break;
      const reason = typeof rec.reason === 'string' ? [...rec.reason.trim()].slice(0, REASON_MAX_CHARS).join('') : '';
      return { source_type: type, reason };
    }
  }
  return INTENT_FALLBACK;
}
