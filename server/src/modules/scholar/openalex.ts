import { z } from 'zod';
import type { AcademicResult, SearchPage } from '@wanxiang/contract';
import { clip, fetchText, httpLink, squash } from './text';
import { inRange, type YearRange } from './year';

/** The general academic index behind the "Google style" scholar search. */
export interface AcademicSource {
  search(q: { keyword: string; page: number; years: YearRange | null; signal?: AbortSignal }): Promise<SearchPage<AcademicResult>>;
}

export const OPENALEX_PAGE_SIZE = 10;
/** Tags shown per result. */
const MAX_TAGS = 5;
const EMPTY: SearchPage<AcademicResult> = { items: [], hasMore: false };

// Only the fields used; OpenAlex sends many more (ids, counts by year, referenced works...).
const Location = z
  .object({
    landing_page_url: z.string().nullish(),
    pdf_url: z.string().nullish(),
    source: z.object({ display_name: z.string().nullish() }).nullish(),
  })
  .nullish();
const Named = z.array(z.object({ display_name: z.string().nullish() }).loose()).nullish();
const Work = z
  .object({
    id: z.string().nullish(),
    doi: z.string().nullish(),
    title: z.string().nullish(),
    display_name: z.string().nullish(),
    publication_year: z.union([z.number(), z.string()]).nullish(),
    authorships: z.array(z.object({ author: z.object({ display_name: z.string().nullish() }).nullish() }).loose()).nullish(),
    primary_location: Location,
    best_oa_location: Location,
    open_access: z.object({ oa_url: z.string().nullish() }).loose().nullish(),
    concepts: Named,
    topics: Named,
    keywords: Named,
    abstract_inverted_index: z.record(z.string(), z.array(z.number())).nullish(),
  })
  .loose();
const Answer = z.object({
  meta: z.object({ count: z.number(), page: z.number().nullish(), per_page: z.number().nullish() }).loose(),
  results: z.array(z.unknown()),
});

/**
 * OpenAlex works search: GET {base}/works?search=&page=&per-page=10 (no key; a mailto would join
 * the polite pool). The year filter goes to OpenAlex as a filter and is checked again on the
 * results. Any failure (refused, timeout, non-200, not the expected JSON) answers an empty page.
 */
export function createOpenAlexSource(settings: { baseUrl: string; timeoutMs: number }): AcademicSource {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    async search({ keyword, page, years, signal }) {
      const url = new URL(`${base}/works`);
      url.searchParams.set('search', keyword);
      url.searchParams.set('page', String(page));
      url.searchParams.set('per-page', String(OPENALEX_PAGE_SIZE));
      const filter = openAlexFilter(years);
      if (filter) url.searchParams.set('filter', filter);
      const text = await fetchText(url, 'application/json', settings.timeoutMs, signal);
      return text === null ? EMPTY : parseOpenAlexAnswer(text, page, years);
    },
  };
}

export function openAlexFilter(years: YearRange | null): string | null {
  if (!years) return null;
  if (years.from === years.to) return `publication_year:${years.from}`;
  return `from_publication_date:${years.from}-01-01,to_publication_date:${years.to}-12-31`;
}

/** A works answer to a page of academic results; an empty page for anything else. */
export function parseOpenAlexAnswer(text: string, page: number, years: YearRange | null = null): SearchPage<AcademicResult> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) return EMPTY;
  const items: AcademicResult[] = [];
  for (const raw of parsed.data.results) {
    const work = Work.safeParse(raw);
    if (!work.success) continue;
    const item = toAcademicResult(work.data);
    if (item && inRange(item.year, years)) items.push(item);
  }
  const perPage = parsed.data.meta.per_page ?? OPENALEX_PAGE_SIZE;
  const hasMore = parsed.data.results.length > 0 && page * perPage < parsed.data.meta.count;
  return { items, hasMore };
}

function toAcademicResult(w: z.infer<typeof Work>): AcademicResult | null {
  const title = squash(w.display_name ?? w.title);
  if (!title) return null;
  // Best open-access PDF first (AI解读 and 下载 need a document), then any landing page.
  const link =
    httpLink(w.best_oa_location?.pdf_url) ||
    httpLink(w.primary_location?.pdf_url) ||
    httpLink(w.open_access?.oa_url) ||
    httpLink(w.primary_location?.landing_page_url) ||
    httpLink(w.doi) ||
    httpLink(w.id);
  const authors = (w.authorships ?? []).map((a) => squash(a.author?.display_name)).filter(Boolean);
  const tags = [
    ...new Set([...(w.concepts ?? []), ...(w.topics ?? []), ...(w.keywords ?? [])].map((c) => squash(c.display_name)).filter(Boolean)),
  ];
  return {
    resource: link,
    title: clip(title),
    author: clip(authors.join(', ')),
    content: clip(abstractOf(w.abstract_inverted_index)),
    year: w.publication_year == null ? '' : String(w.publication_year),
    publisher: clip(squash(w.primary_location?.source?.display_name ?? w.best_oa_location?.source?.display_name)),
    link,
    tags: tags.slice(0, MAX_TAGS),
    ...(doiLink(w.doi) ? { doi: doiLink(w.doi) } : {}),
  };
}

/** OpenAlex's DOI ('https://doi.org/10.x/y' or a bare '10.x/y') as a https://doi.org/ link; '' when it is not a DOI. */
export function doiLink(v: string | null | undefined): string {
  const m = /(?:^|doi\.org\/)(10\.\d{4,9}\/\S+)$/i.exec((v ?? '').trim());
  return m ? `https://doi.org/${m[1]}` : '';
}

/** OpenAlex ships abstracts as word -> positions (for licensing reasons); put the words back in order. */
export function abstractOf(index: Record<string, number[]> | null | undefined): string {
  if (!index) return '';
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) if (Number.isInteger(p) && p >= 0 && p < 20_000) words[p] = word;
  }
  return squash(words.filter((w) => w !== undefined).join(' '));
}
