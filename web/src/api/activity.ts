import type { QuotaPopup, RecommendVip, VipPromo } from '@wanxiang/contract';
import { post, type RequestOptions } from './request';

/** Money promo calls (docs/product/promos.md §7). Errors are swallowed by the callers except the recommended-VIP one (docs/product/promos.md §8). */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

export interface PromoIdentity {
  appid: string;
  uid: string | number;
  vt: number;
}

export function fetchVipPromo(body: PromoIdentity, opts: CallOptions = {}): Promise<VipPromo> {
  return post<VipPromo>('/v1/activity/last_date', body, opts);
}

/** `time`: the stored vip_modal_time. */
export function fetchRecommendVip(body: PromoIdentity & { time: number | string }, opts: CallOptions = {}): Promise<RecommendVip> {
  return post<RecommendVip>('/v1/activity/last.day/rec', body, opts);
}

export function fetchQuotaPopup(type: string, opts: CallOptions = {}): Promise<QuotaPopup> {
  return post<QuotaPopup>('/v1/activity/quota.popup', { type }, opts);
}
