import type { SigninCheck, SigninInfo, SigninResult } from '@wanxiang/contract';
import { get, type RequestOptions } from './request';

/** Daily sign-in calls (docs/product/signin.md §7), all GET. The dialog shows failures itself: callers pass silent. */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

export function todayIsSign(opts: CallOptions = {}): Promise<SigninCheck> {
  return get<SigninCheck>('/v1/user/todayIsSign', undefined, opts);
}

/** Signs today; a second call rejects with 今日已签到，请明日再来. */
export function signin(opts: CallOptions = {}): Promise<SigninResult> {
  return get<SigninResult>('/v1/user/signin', undefined, opts);
}

export function signinInfo(opts: CallOptions = {}): Promise<SigninInfo> {
  return get<SigninInfo>('/v1/user/signin.info', undefined, opts);
}
