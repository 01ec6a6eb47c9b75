import type { DailyChartReq, PointsBill, PointsBillReq, PointsDaily } from '@wanxiang/contract';
import { post, type RequestOptions } from './request';

type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

/** The points bill (POST /v2/points/bill): type 0 all, 1 income, 2 expense; paged. */
export function pointsBill(req: PointsBillReq, opts: CallOptions = {}): Promise<PointsBill> {
  return post<PointsBill>('/v2/points/bill', req, opts);
}

/** Points credited and spent per day over the last `days` days (the points log's chart). */
export function pointsDaily(req: DailyChartReq, opts: CallOptions = {}): Promise<PointsDaily> {
  return post<PointsDaily>('/v2/points/daily', req, opts);
}
