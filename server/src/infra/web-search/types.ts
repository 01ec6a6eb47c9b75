/** One web page a search found: what the model is given and the reader is shown. */
export interface WebSearchResult {
  title: string;
  href: string;
  /** A short excerpt of the page (may be empty). */
  snippet: string;
}

/** How a search source narrows the search (server-only fields of catalog/internet.json). */
export interface WebSearchScope {
  /** SearXNG engines, comma-separated (e.g. "bing,baidu"); empty = the instance's defaults. */
  engines?: string;
  /** SearXNG categories, comma-separated (e.g. "news"). */
  categories?: string;
}

export interface WebSearchQuery {
  query: string;
  scope?: WebSearchScope;
  signal?: AbortSignal;
}

/**
 * A web-search backend. `search` never throws: a failing, slow or garbled source answers an
 * empty list (the answer goes on without sources) and the reason is logged by the adapter.
 */
export interface WebSearchAdapter {
  readonly kind: 'searxng' | 'demo';
  search(q: WebSearchQuery): Promise<WebSearchResult[]>;
}
