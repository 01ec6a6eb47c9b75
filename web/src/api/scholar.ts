import type { AcademicResult, ArxivItem, ArxivListQuery, ScholarSearchQuery, SearchPage } from '@wanxiang/contract';
import { get } from './request';

/** Scholar and arXiv (search-agents-tools 7.1). A failing source answers an empty page, not an error. */

export function searchScholar(q: Partial<ScholarSearchQuery> & { keyword: string }, signal?: AbortSignal): Promise<SearchPage<AcademicResult>> {
  return get<SearchPage<AcademicResult>>('/v1/search/scholar', { ...q }, { silent: true, signal });
}

export function listArxiv(q: Partial<ArxivListQuery> = {}, signal?: AbortSignal): Promise<SearchPage<ArxivItem>> {
  return get<SearchPage<ArxivItem>>('/v1/search/arxiv/list', { ...q }, { silent: true, signal });
}
