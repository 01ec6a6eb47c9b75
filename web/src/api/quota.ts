import type { DailyChartReq, NumberCheckReq, NumberSubmitReq, PointsRes, QuotaBalance, UsageDaily, UsageItem } from '@wanxiang/contract';
import { post, type RequestOptions } from './request';

/** Quota and points calls (docs/product/quota-and-points.md §7). The chat gates show refusals themselves: callers pass silent. */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

/** Code 200 = allowed; a refusal rejects with RequestError (NO_COUNT carries the popup data in `body.data`). */
export function numberCheck(req: NumberCheckReq, opts: CallOptions = {}): Promise<QuotaBalance> {
  return post<QuotaBalance>('/v1/number/check', req, opts);
}

/** After a reply: report (chat keys) or charge (tool keys) `number`; answers maxNumber and balance. */
export function numberSubmit(req: NumberSubmitReq, opts: CallOptions = {}): Promise<QuotaBalance> {
  return post<QuotaBalance>('/v1/number/submit', req, opts);
}

/** Today's usage per quota key (max -1 unlimited, null none). */
export function numberAll(opts: CallOptions = {}): Promise<UsageItem[]> {
  return post<UsageItem[]>('/v1/number/all', {}, opts);
}

/** Counts used per quota key per day over the last `days` days (the dashboard's chart). */
export function numberDaily(req: DailyChartReq, opts: CallOptions = {}): Promise<UsageDaily> {
  return post<UsageDaily>('/v1/number/daily', req, opts);
}

export async function userPoints(opts: CallOptions = {}): Promise<number> {
  return (await post<PointsRes>('/v1/user/points', {}, opts)).points;
}
