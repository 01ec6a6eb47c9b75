import type { FastifyBaseLogger } from 'fastify';
import type { InternetSource, InternetSourcesRes } from '@wanxiang/contract';
import type { Config } from '../../config';
import { createDemoSearchAdapter } from './demo';
import { createSearxngAdapter } from './searxng';
import { loadInternetSources, toPublicSource, type InternetSourceEntry } from './sources';
import type { WebSearchAdapter } from './types';

export type { WebSearchAdapter, WebSearchQuery, WebSearchResult, WebSearchScope } from './types';
export type { InternetSourceEntry } from './sources';
export { createSearxngAdapter, parseSearxngAnswer } from './searxng';
export { createDemoSearchAdapter } from './demo';
export { loadInternetSources, InternetCatalogError } from './sources';

/** Web search as the app sees it: the operator's source list and the backend, if any. */
export interface WebSearch {
  /** null when no backend is configured and the app is not in demo mode: answers go on without search. */
  adapter: WebSearchAdapter | null;
  /** Every source of the catalog, for the web (enabled or not), in file order. */
  sources(): InternetSource[];
  /** A source by key, with its SearXNG scope; undefined for an unknown key. */
  source(key: string): InternetSourceEntry | undefined;
  /** The answer of GET /api/v1/config/model/internet. */
  describe(): InternetSourcesRes;
}

export function buildWebSearch(adapter: WebSearchAdapter | null, entries: InternetSourceEntry[]): WebSearch {
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const list = entries.map(toPublicSource);
  const described: InternetSourcesRes = { list, available: adapter !== null, demo: adapter?.kind === 'demo' };
  return { adapter, sources: () => list, source: (key) => byKey.get(key), describe: () => described };
}

/**
 * The backend by configuration: WEB_SEARCH_PROVIDER when set; otherwise SearXNG when
 * SEARXNG_URL is set, the offline demo search when the LLM gateway is in demo mode, else none.
 */
export function createWebSearch(config: Config, opts: { demo: boolean; fetch?: typeof fetch }, log: FastifyBaseLogger): WebSearch {
  const ws = config.webSearch;
  const kind = ws.provider ?? (ws.searxngUrl ? 'searxng' : opts.demo ? 'demo' : 'none');
  let adapter: WebSearchAdapter | null = null;
  if (kind === 'searxng' && ws.searxngUrl) {
    adapter = createSearxngAdapter({ baseUrl: ws.searxngUrl, timeoutMs: ws.timeoutMs, maxResults: ws.maxResults, ...(opts.fetch ? { fetch: opts.fetch } : {}) }, log);
  } else if (kind === 'demo') {
    adapter = createDemoSearchAdapter({ maxResults: ws.maxResults });
  }
  return buildWebSearch(adapter, loadInternetSources(config.catalogDir));
}
