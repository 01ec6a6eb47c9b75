import type { FastifyBaseLogger } from 'fastify';
import { MSG, WEB_SEARCH_LIMITS, type ChatRequest } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { LlmMessage, LlmStreamRequest } from '../../llm/gateway';
import type { WebSearchResult, WebSearchScope } from '../../infra/web-search';
import { refused } from '../../http/errors';
import type { StreamEvents } from '../../streaming/engine';
import type { ReplyExtrasRecorder } from './reply-extras';

/**
 * Web search in a chat turn (docs/product/search.md §4): a turn searches when the user picked a source
 * (`internet`) or the model is a networked one (`internetModelType` set). The search runs on
 * the stream, before the upstream call, and only for those turns: other models pay nothing.
 */

export interface SearchPlan {
  /** What is searched: the question, trimmed to a sane length. */
  query: string;
  /** The SearXNG narrowing of the chosen source; undefined = the backend's defaults. */
  scope?: WebSearchScope;
}

type UpstreamRequest = Omit<LlmStreamRequest, 'signal'>;

/** The question as a search query: one line, at most WEB_SEARCH_LIMITS.queryMaxChars characters. */
export function searchQuery(prompt: string): string {
  const chars = [...prompt.replace(/\s+/g, ' ').trim()];
  return chars.slice(0, WEB_SEARCH_LIMITS.queryMaxChars).join('').trim();
}

/**
 * Whether the turn searches, decided before the quota hold so a refusal costs nothing:
 * attachments and search do not mix (附件暂不支持联网搜索), and an unknown or disabled
 * source is refused. Pure and synchronous: a turn without search costs two field reads.
 */
export function planSearch(
  ctx: Pick<AppContext, 'webSearch'>,
  model: Pick<CatalogModel, 'internetModelType'>,
  req: Pick<ChatRequest, 'internet' | 'files' | 'prompt'>,
): SearchPlan | undefined {
  const key = req.internet ?? '';
  if (!key && !model.internetModelType) return undefined;
  if (req.files?.length) throw refused(MSG.searchWithAttachments);
  let scope: WebSearchScope | undefined;
  if (key) {
    const source = ctx.webSearch.source(key);
    if (!source?.enabled) throw refused(MSG.searchSourceUnavailable);
    if (source.engines || source.categories) scope = { engines: source.engines, categories: source.categories };
  }
  return { query: searchQuery(req.prompt), scope };
}

/**
 * The search phase on an open stream: `search {query}`, the search itself (never throws; a
 * failing source gives no sources), `search_read {sources}`, then the upstream request with the
 * sources as numbered context. With no search backend the answer goes on without search and
 * starts with a short note saying so.
 */
export async function runSearchPhase(
  ctx: Pick<AppContext, 'webSearch'>,
  plan: SearchPlan,
  upstream: UpstreamRequest,
  sse: StreamEvents,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  extras?: ReplyExtrasRecorder,
): Promise<UpstreamRequest> {
  const adapter = ctx.webSearch.adapter;
  if (!adapter) {
    sse.send('text', { text: `> ${MSG.searchNotConfigured}\n\n` });
    return upstream;
  }
  sse.send('search', { query: plan.query });
  let results: WebSearchResult[] = [];
  try {
    results = await adapter.search({ query: plan.query, scope: plan.scope, signal });
  } catch (err) {
    // Adapters answer [] on failure; this guards a broken one from ending the turn.
    log.warn({ err }, 'web search: adapter threw');
  }
  const sources = results.map((r) => ({ title: r.title, href: r.href }));
  sse.send('search_read', { sources });
  extras?.searched(plan.query, sources);
  if (results.length === 0) return upstream;
  return { ...upstream, messages: withSearchContext(upstream.messages, plan.query, results) };
}

/** First line of the context block: the demo upstream recognizes it to answer with citations. */
export const SEARCH_CONTEXT_HEADER = '【联网搜索结果】';

/**
 * The sources as a numbered system block, so the model can cite [1], [2]. It joins the model's
 * own system prompt (several vendors accept only one system message, and only first).
 */
export function withSearchContext(messages: LlmMessage[], query: string, results: WebSearchResult[]): LlmMessage[] {
  const lines = [
    SEARCH_CONTEXT_HEADER,
    `以下是联网搜索「${query}」得到的网页资料，编号即引用序号：`,
    '',
    ...results.flatMap((r, i) => {
      const snippet = [...r.snippet].slice(0, WEB_SEARCH_LIMITS.snippetMaxChars).join('');
      return [`[${i + 1}] ${r.title}`, `链接：${r.href}`, ...(snippet ? [`摘要：${snippet}`] : []), ''];
    }),
    '请结合以上资料回答用户的问题；引用某条资料时，在句末标注它的编号，如 [1]、[2]。资料不足以回答时，请如实说明。',
  ];
  const context = lines.join('\n');
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${context}` }, ...rest];
  return [{ role: 'system', content: context }, ...messages];
}
