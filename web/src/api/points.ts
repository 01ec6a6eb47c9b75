import type { PointsBill, PointsBillReq } from '@wanxiang/contract';
import { post, type RequestOptions } from './request';

type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

/** The points bill (POST /v2/points/bill): type 0 all, 1 income, 2 expense; paged. */
export function pointsBill(req: PointsBillReq, opts: CallOptions = {}): Promise<PointsBill> {
  return post<PointsBill>('/v2/points/bill', req, opts);
}
