import type { ConfigInitReq, ConfigInitRes, GlobalNotice, GuideContent, NewYearActivity, NoticeRes } from '@wanxiang/contract';
import { get, post } from './request';

/**
 * Promotions and notices (docs/product/promos.md §7). All silent: a promo that fails to load simply does not show
 * (docs/product/promos.md §8).
 */
export function configInit(req: ConfigInitReq): Promise<ConfigInitRes> {
  return post<ConfigInitRes>('/v2/config/init', req, { silent: true });
}

export function fetchNotice(): Promise<NoticeRes> {
  return get<NoticeRes>('/v1/config/notice', {}, { silent: true });
}

/** Logged-in only; null when the operator has no notice up. */
export function fetchGlobalNotice(): Promise<GlobalNotice | null> {
  return get<GlobalNotice | null>('/v1/config/globalNotice', {}, { silent: true });
}

export function searchGuide(keyword: string): Promise<GuideContent> {
  return get<GuideContent>('/v1/web/guide/search', { keyword }, { silent: true });
}

export function fetchNewYear(): Promise<NewYearActivity> {
  return get<NewYearActivity>('/v1/activity/new.year', {}, { silent: true });
}
