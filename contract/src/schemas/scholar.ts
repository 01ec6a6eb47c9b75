import { z } from 'zod';

/**
 * Scholar and arXiv search (docs/product/search.md §2, §3, §7). Owned by the scholar area;
 * the unified search page reads these shapes too.
 */

/** Academic result (3): content comes from the source's abstract ("describe"); resource = link. */
export interface AcademicResult {
  resource: string;
  title: string;
  author: string;
  content: string;
  /** Publication year as the source gives it (may be non-numeric; the year filter ignores those). */
  year: string;
  publisher: string;
  link: string;
  tags: string[];
  /** The work's DOI as a https://doi.org/ link, when the source gives one (AI论文's references cite it). */
  doi?: string;
}

export interface ArxivItem {
  id: string;
  title: string;
  authors: string[];
  categories: string[];
  summary: string;
  pdf: string;
  abs: string;
  /** Submission date, YYYY-MM-DD. */
  published: string;
}

/** A page of results; `hasMore` false ends load-more (没有更多数据了). */
export interface SearchPage<T> {
  items: T[];
  hasMore: boolean;
}

/** GET /api/v1/search/scholar: source google = the general academic index, arxiv = arXiv. start is the page (from 1). */
export const ScholarSearchQuerySchema = z.object({
  keyword: z.string().trim().min(1).max(200),
  start: z.coerce.number().int().min(1).max(100).default(1),
  source: z.enum(['google', 'arxiv']).default('google'),
  /** Year filter: a 4-digit year, or 'recent5'. */
  year: z.string().max(10).optional(),
});
export type ScholarSearchQuery = z.infer<typeof ScholarSearchQuerySchema>;

/** GET /api/v1/search/arxiv/list: the digest by category (e.g. cs.AI; '' = all) and day (YYYY-MM-DD). */
export const ArxivListQuerySchema = z.object({
  /** An arXiv category such as cs.AI or math.NA; '' = the fixed categories of the digest. */
  category: z
    .string()
    .max(32)
    .regex(/^([a-z-]+(\.[A-Za-z-]+)?)?$/)
    .default(''),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type ArxivListQuery = z.infer<typeof ArxivListQuerySchema>;

/** GET /api/v1/search/arxiv: arXiv search (mode 4); same paging and year filter as the scholar search. */
export const ArxivSearchQuerySchema = ScholarSearchQuerySchema.omit({ source: true });
export type ArxivSearchQuery = z.infer<typeof ArxivSearchQuerySchema>;

/** The digest's fixed categories (2.7), in chip order; labels are in MSG.arxivCategoryNames. */
export const ARXIV_DIGEST_CATEGORIES = ['cs.AI', 'cs.CL', 'cs.CV', 'cs.GR', 'cs.MM'] as const;

/** Documents a result may link to (5): only these open AI解读 / 预览 / 翻译 / 下载. */
export const SCHOLAR_DOC_TYPES = ['pdf', 'word', 'excel', 'ppt', 'txt', 'rtf'] as const;
export type ScholarDocType = (typeof SCHOLAR_DOC_TYPES)[number];

/** Body of POST /api/v1/search/scholar/check, /interpret and /translate. */
export const ScholarDocSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^https?:\/\//i),
});
export type ScholarDocBody = z.infer<typeof ScholarDocSchema>;

/** Answer of the check: a header-only request, status 200 or 206 and an accepted content type. */
export interface ScholarCheckRes {
  downloadable: boolean;
  /** The document kind when downloadable, else ''. */
  docType: ScholarDocType | '';
  /** The content type the host sent (without parameters), '' when it did not answer. */
  contentType: string;
}
