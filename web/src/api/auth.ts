import type { LoginReq, PhoneLoginReq, RegisterReq, SendSmsCodeReq, UserInfo } from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/** Account calls of shell 7; the login forms show failures themselves, so most are silent. */

/** The channel this client reports as `app_channel` (shell 7: default web). */
export const APP_CHANNEL = 'web';

type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

export function sendSmsCode(req: SendSmsCodeReq, opts: CallOptions = {}): Promise<unknown> {
  return post<unknown>('/v1/user/sendSmsCode', req, opts);
}

export function phoneLogin(req: Omit<PhoneLoginReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/phoneLogin', { ...req, app_channel: APP_CHANNEL }, opts);
}

export function login(req: Omit<LoginReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/login', { ...req, app_channel: APP_CHANNEL }, opts);
}

export function register(req: Omit<RegisterReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo | null> {
  return post<UserInfo | null>('/v1/user/register', { ...req, app_channel: APP_CHANNEL }, opts);
}

export function userInfo(opts: CallOptions = {}): Promise<UserInfo> {
  return get<UserInfo>('/v1/user/info', { app_channel: APP_CHANNEL }, opts);
}

/** Best effort: a dead token must not bring up the login dialog while logging out. */
export function logout(): Promise<unknown> {
  return post<unknown>('/v1/user/logout', {}, { silent: true, ignoreAuthExpiry: true });
}
