import type {
  AcademicResult,
  ArxivItem,
  ArxivListQuery,
  ArxivSearchQuery,
  ScholarCheckRes,
  ScholarSearchQuery,
  SearchPage,
} from '@wanxiang/contract';
import { get, post } from './request';

/** Scholar and arXiv (docs/product/search.md §7). A failing source answers an empty page, not an error. */

export function searchScholar(
  q: Partial<ScholarSearchQuery> & { keyword: string },
  signal?: AbortSignal,
): Promise<SearchPage<AcademicResult>> {
  return get<SearchPage<AcademicResult>>('/v1/search/scholar', { ...q }, { silent: true, signal });
}

export function listArxiv(q: Partial<ArxivListQuery> = {}, signal?: AbortSignal): Promise<SearchPage<ArxivItem>> {
  return get<SearchPage<ArxivItem>>('/v1/search/arxiv/list', { ...q }, { silent: true, signal });
}

export function searchArxiv(q: Partial<ArxivSearchQuery> & { keyword: string }, signal?: AbortSignal): Promise<SearchPage<ArxivItem>> {
  return get<SearchPage<ArxivItem>>('/v1/search/arxiv', { ...q }, { silent: true, signal });
}

/** The per-result check (HEAD through the server's SSRF-safe fetch); never fails: an error means not downloadable. */
export async function checkScholarDoc(url: string, signal?: AbortSignal): Promise<ScholarCheckRes> {
  try {
    return await post<ScholarCheckRes>('/v1/search/scholar/check', { url }, { silent: true, signal });
  } catch {
    return { downloadable: false, docType: '', contentType: '' };
  }
}

/** Streaming paths of AI解读 and 翻译 (chat stream protocol; read with streamChat). */
export const SCHOLAR_READING_PATHS = {
  interpret: '/v1/search/scholar/interpret',
  translate: '/v1/search/scholar/translate',
} as const;

/** GET path of the document download (an attachment; errors come back as an envelope). */
export const SCHOLAR_DOWNLOAD_PATH = '/v1/search/scholar/download';
