import type { InternetSourcesRes, ModelWebRes } from '@wanxiang/contract';
import { get } from './request';

/** The chat model catalog (docs/product/chat.md §7); invite_code changes some labels. */
export function fetchWebModels(inviteCode?: string): Promise<ModelWebRes> {
  return get<ModelWebRes>('/v1/config/model/web', inviteCode ? { invite_code: inviteCode } : undefined);
}

/** Web-search sources (docs/product/chat.md §7 /v1/config/model/internet): picking one switches search on. */
export function fetchInternetSources(): Promise<InternetSourcesRes> {
  return get<InternetSourcesRes>('/v1/config/model/internet', undefined, { silent: true });
}
