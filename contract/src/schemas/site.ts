import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Site-wide data of the shell: the header's global search (docs/product/shell-and-navigation.md §2, §7: GET /api/v2/config/search)
 * and the footer's company and registration lines chosen by main domain (docs/product/shell-and-navigation.md §1).
 */

/** A keyword longer than this is refused: tool names and keywords are short. */
export const SITE_SEARCH_KEYWORD_MAX = 50;
/** At most this many matches come back for one keyword. */
export const SITE_SEARCH_RESULT_MAX = 30;
/** The ranking shown with an empty keyword (docs/product/shell-and-navigation.md §9: top-12). */
export const SITE_RANKING_SIZE = 12;

/** GET /api/v2/config/search?keyword= ; an absent or blank keyword asks for recommendations and ranking. */
export const SiteSearchQuerySchema = z.object({
  keyword: z
    .string({ error: MSG.siteSearchKeywordTooLong })
    .trim()
    .max(SITE_SEARCH_KEYWORD_MAX, { error: MSG.siteSearchKeywordTooLong })
    .default(''),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuerySchema>;

/** One tool of the search index, as the header shows it. */
export interface SiteSearchItem {
  name: string;
  /** In-app route the item opens, e.g. /draw/text2image or /chat?type=deepseek-v3. */
  route: string;
  /** An icon name of the web's icon set (e.g. "picture"). */
  icon: string;
  desc?: string;
}

/**
 * Empty keyword: banner = the ranking (ordered, at most 12), icon = the recommended tools.
 * With a keyword: banner = [], icon = the matching tools (at most 30).
 */
export interface SiteSearchRes {
  banner: SiteSearchItem[];
  icon: SiteSearchItem[];
}

/** GET /api/v1/config/site?domain= ; without a domain the request's Host decides. */
export const SiteFooterQuerySchema = z.object({
  domain: z
    .string()
    .trim()
    .max(253, { error: MSG.siteDomainInvalid })
    .regex(/^[A-Za-z0-9.-]*(:\d{1,5})?$/, { error: MSG.siteDomainInvalid })
    .optional(),
});
export type SiteFooterQuery = z.infer<typeof SiteFooterQuerySchema>;

/** The footer lines for one main domain; a field the operator leaves empty is ''. */
export interface SiteFooterRes {
  /** The main domain the answer was chosen for ('' = the default entry). */
  domain: string;
  company: string;
  /** ICP registration number, e.g. 京ICP备00000000号-1. */
  icp: string;
  /** Public security registration (公安备案) text. */
  police: string;
  copyright: string;
}
