import { XMLParser } from 'fast-xml-parser';
import { ARXIV_DIGEST_CATEGORIES, type ArxivItem, type SearchPage } from '@wanxiang/contract';
import { fetchText, httpLink, squash } from './text';
import { inRange, type YearRange } from './year';

/** arXiv as a search source (mode 4, and the scholar page's arXiv source) and the daily digest (2.7). */
export interface ArxivSource {
  search(q: { keyword: string; page: number; years: YearRange | null; signal?: AbortSignal }): Promise<SearchPage<ArxivItem>>;
  /** The digest: newest first, by category ('' = the digest's fixed categories) and day (YYYY-MM-DD). */
  list(q: { category: string; date?: string; page: number; signal?: AbortSignal }): Promise<SearchPage<ArxivItem>>;
}

export const ARXIV_PAGE_SIZE = 10;
const EMPTY: SearchPage<ArxivItem> = { items: [], hasMore: false };

/**
 * The arXiv API: GET {base}/api/query?search_query=&start=&max_results=&sortBy=&sortOrder= (Atom
 * XML, no key). arXiv asks clients to keep to about one request every three seconds; the digest is
 * a browse page, so its answers are worth caching by the caller. Failures answer an empty page.
 */
export function createArxivSource(settings: { baseUrl: string; timeoutMs: number }): ArxivSource {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const query = async (searchQuery: string, page: number, sortBy: 'relevance' | 'submittedDate', signal?: AbortSignal) => {
    const url = new URL(`${base}/api/query`);
    url.searchParams.set('search_query', searchQuery);
    url.searchParams.set('start', String((page - 1) * ARXIV_PAGE_SIZE));
    url.searchParams.set('max_results', String(ARXIV_PAGE_SIZE));
    url.searchParams.set('sortBy', sortBy);
    url.searchParams.set('sortOrder', 'descending');
    const text = await fetchText(url, 'application/atom+xml', settings.timeoutMs, signal);
    return text === null ? EMPTY : parseArxivFeed(text);
  };
  return {
    async search({ keyword, page, years, signal }) {
      const terms = [`all:${quoteTerm(keyword)}`];
      if (years) terms.push(`submittedDate:[${years.from}01010000 TO ${years.to}12312359]`);
      const res = await query(terms.join(' AND '), page, 'relevance', signal);
      return { ...res, items: res.items.filter((i) => inRange(i.published.slice(0, 4), years)) };
    },
    async list({ category, date, page, signal }) {
      const cats = category ? [category] : [...ARXIV_DIGEST_CATEGORIES];
      const terms = [cats.length === 1 ? `cat:${cats[0]}` : `(${cats.map((c) => `cat:${c}`).join(' OR ')})`];
      if (date) {
        const day = date.replace(/-/g, '');
        terms.push(`submittedDate:[${day}0000 TO ${day}2359]`);
      }
      return query(terms.join(' AND '), page, 'submittedDate', signal);
    },
  };
}

/** A keyword as one arXiv term: several words are a phrase; arXiv's own syntax characters are dropped. */
function quoteTerm(keyword: string): string {
  const clean = keyword
    .replace(/["()[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.includes(' ') ? `"${clean}"` : clean;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  isArray: (name) => ['entry', 'author', 'category', 'link'].includes(name),
  // Titles such as "1e10" must stay text.
  parseTagValue: false,
  processEntities: true,
});

interface Node {
  [k: string]: unknown;
}
const asNodes = (v: unknown): Node[] => (Array.isArray(v) ? v.filter((x): x is Node => typeof x === 'object' && x !== null) : []);
const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as Node)['#text']) : '';

/** An Atom answer to a page of items; an empty page for anything that is not a feed. */
export function parseArxivFeed(xml: string): SearchPage<ArxivItem> {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return EMPTY;
  }
  const feed = doc.feed as Node | undefined;
  if (!feed || typeof feed !== 'object') return EMPTY;
  const items: ArxivItem[] = [];
  for (const e of asNodes(feed.entry)) {
    const item = toItem(e);
    if (item) items.push(item);
  }
  const total = Number(textOf(feed.totalResults));
  const start = Number(textOf(feed.startIndex));
  const hasMore = items.length > 0 && Number.isFinite(total) && (Number.isFinite(start) ? start : 0) + items.length < total;
  return { items, hasMore };
}

function toItem(e: Node): ArxivItem | null {
  const abs = httpLink(squash(textOf(e.id)));
  const title = squash(textOf(e.title));
  // arXiv answers a failed query with one entry titled "Error": not a paper.
  if (!abs || !title || title === 'Error') return null;
  const links = asNodes(e.link);
  const pdf =
    httpLink(links.find((l) => l['@title'] === 'pdf' || l['@type'] === 'application/pdf')?.['@href']) || abs.replace('/abs/', '/pdf/');
  const primary = (e.primary_category as Node | undefined)?.['@term'];
  const cats = asNodes(e.category)
    .map((c) => String(c['@term'] ?? ''))
    .filter(Boolean);
  const categories = [...new Set([...(typeof primary === 'string' ? [primary] : []), ...cats])];
  return {
    id: abs.replace(/^https?:\/\/arxiv\.org\/abs\//, ''),
    title,
    authors: asNodes(e.author)
      .map((a) => squash(textOf(a.name)))
      .filter(Boolean),
    categories,
    summary: squash(textOf(e.summary)),
    pdf: pdf.replace(/^http:/, 'https:'),
    abs: abs.replace(/^http:/, 'https:'),
    published: squash(textOf(e.published)).slice(0, 10),
  };
}
