import type { PromptFetchRes } from '@wanxiang/contract';
import { post } from '../../api/request';

/** The network-import panel's download: the server fetches the URL through its SSRF-safe fetch. */
export function fetchPromptList(url: string): Promise<PromptFetchRes> {
  return post<PromptFetchRes>('/v1/prompt/fetch', { url }, { silent: true });
}
