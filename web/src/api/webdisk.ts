import type { CloudResult, SearchPage, WebdiskSearchQuery } from '@wanxiang/contract';
import { get } from './request';

/** Cloud-disk search (search-agents-tools 7.1). A failing channel answers an empty page, not an error. */

export function searchWebdisk(q: Partial<WebdiskSearchQuery> & { keyword: string }, signal?: AbortSignal): Promise<SearchPage<CloudResult>> {
  return get<SearchPage<CloudResult>>('/v1/search/webdisk', { ...q }, { silent: true, signal });
}
