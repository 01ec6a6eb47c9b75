import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { WebSearchAdapter, WebSearchQuery, WebSearchResult } from './types';
import { readCappedText } from '../read-capped';

export interface SearxngSettings {
  /** Instance base URL, e.g. http://127.0.0.1:8888 (operator-configured, so trusted). */
  baseUrl: string;
  timeoutMs: number;
  maxResults: number;
  /** The fetch to use (default the global one; the app passes one that records each request for the console). */
  fetch?: typeof fetch;
}

/** Largest answer read from the instance: a results page is tens of KB; more is not a results page. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_TITLE_CHARS = 200;
const MAX_SNIPPET_CHARS = 400;

// Only the fields used; SearXNG adds many more (engines, scores, thumbnails) that are ignored.
const AnswerSchema = z.object({
  results: z.array(
    z.object({
      url: z.unknown(),
      title: z.unknown().optional(),
      content: z.unknown().optional(),
    }),
  ),
});

/**
 * SearXNG's JSON API: GET {base}/search?q=...&format=json (the instance must list `json` under
 * search.formats). Results are de-duplicated by URL, only http(s) links are kept, and at most
 * `maxResults` are returned. Any failure (refused, timeout, non-200, not JSON) answers [].
 */
export function createSearxngAdapter(settings: SearxngSettings, log: FastifyBaseLogger): WebSearchAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    kind: 'searxng',
    async search(q: WebSearchQuery): Promise<WebSearchResult[]> {
      const url = new URL(`${base}/search`);
      url.searchParams.set('q', q.query);
      url.searchParams.set('format', 'json');
      if (q.scope?.engines) url.searchParams.set('engines', q.scope.engines);
      if (q.scope?.categories) url.searchParams.set('categories', q.scope.categories);
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = q.signal ? AbortSignal.any([q.signal, timeout]) : timeout;
      try {
        const res = await (settings.fetch ?? fetch)(url, { headers: { accept: 'application/json' }, signal });
        if (!res.ok) {
          await res.body?.cancel();
          log.warn({ status: res.status }, 'web search: SearXNG answered an error status');
          return [];
        }
        const text = await readCappedText(res, MAX_BODY_BYTES);
        if (text === null) {
          log.warn('web search: SearXNG answer too large');
          return [];
        }
        return parseSearxngAnswer(text, settings.maxResults);
      } catch (err) {
        if (q.signal?.aborted) return [];
        log.warn({ err: timeout.aborted ? 'timeout' : String(err) }, 'web search: SearXNG request failed');
        return [];
      }
    },
  };
}

/** The results of a SearXNG JSON answer, cleaned and capped; [] for anything that is not one. */
export function parseSearxngAnswer(text: string, maxResults: number): WebSearchResult[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  const out: WebSearchResult[] = [];
  for (const r of parsed.data.results) {
    if (out.length >= maxResults) break;
    const href = httpUrl(r.url);
    if (!href || seen.has(href)) continue;
    seen.add(href);
    const title = clip(plain(r.title), MAX_TITLE_CHARS) || hostOf(href);
    out.push({ title, href, snippet: clip(plain(r.content), MAX_SNIPPET_CHARS) });
  }
  return out;
}

function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function hostOf(href: string): string {
  return new URL(href).hostname;
}

/** Engines sometimes pass HTML fragments through; the model and the reader get plain text. */
function plain(v: unknown): string {
  if (typeof v !== 'string') return '';
  return v
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,6}|#x[0-9a-f]{1,5}|[a-z]{2,8});/gi, (whole, e: string) => decodeEntity(e) ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…' };

function decodeEntity(e: string): string | undefined {
  if (e[0] !== '#') return NAMED[e.toLowerCase()];
  const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}
