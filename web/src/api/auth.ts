import type {
  CaptchaChallenge,
  ClientLoginReq,
  CaptchaPass,
  CaptchaVerifyReq,
  DeviceLoginReq,
  DeviceTokenRes,
  LoginReq,
  LoginWxQrcodeReq,
  PhoneLoginReq,
  RegisterReq,
  SendSmsCodeReq,
  UserInfo,
  WxQrcode,
  WxQrStatus,
} from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/** Account calls of docs/product/accounts.md §7; the login forms show failures themselves, so most are silent. */

/** The channel this client reports as `app_channel` (docs/product/accounts.md §7: default web). */
export const APP_CHANNEL = 'web';

type CallOptions = Pick<RequestOptions, 'silent' | 'signal' | 'ignoreAuthExpiry'>;

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

// ---- WeChat QR login (docs/product/accounts.md §4, §7): the panel polls, so failures are shown by the panel itself.

export function getWxQrcode(opts: CallOptions = {}): Promise<WxQrcode> {
  return get<WxQrcode>('/v1/user/getWxQrcode', undefined, { silent: true, ...opts });
}

export function queryWxQrcode(qrcode_id: string, opts: CallOptions = {}): Promise<{ status: WxQrStatus }> {
  return get<{ status: WxQrStatus }>('/v1/user/queryWxQrcode', { qrcode_id }, { silent: true, ...opts });
}

export function loginWxQrcode(req: Omit<LoginWxQrcodeReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/loginWxQrcode', { ...req, app_channel: APP_CHANNEL }, { silent: true, ...opts });
}

// ---- Register slider captcha (docs/product/accounts.md §5: x=200 on 260), anonymous

export function registerCaptchaChallenge(): Promise<CaptchaChallenge> {
  return post<CaptchaChallenge>('/v1/captcha/register', {}, { silent: true });
}

export function registerCaptchaVerify(req: CaptchaVerifyReq): Promise<CaptchaPass> {
  return post<CaptchaPass>('/v1/captcha/register/verify', req, { silent: true });
}

// ---- Remembered accounts: a device token instead of a stored password

export function issueDeviceToken(): Promise<DeviceTokenRes> {
  return post<DeviceTokenRes>('/v1/user/deviceToken', {}, { silent: true });
}

export function deviceLogin(req: Omit<DeviceLoginReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/deviceLogin', { ...req, app_channel: APP_CHANNEL }, opts);
}

// ---- Desktop client hand-over: a one-time code from the address, exchanged once (docs/product/accounts.md §2)

export function clientLogin(req: Omit<ClientLoginReq, 'app_channel'>, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/clientLogin', { ...req, app_channel: APP_CHANNEL }, opts);
}

/** End a session this page received but did not adopt (best effort). */
export function revokeSession(token: string): Promise<unknown> {
  return post<unknown>('/v1/user/logout', {}, { silent: true, ignoreAuthExpiry: true, sessionToken: token });
}

/** Revoke a device token of the signed-in user (best effort: used when 记住密码 is unticked). */
export function revokeDeviceToken(device_token: string): Promise<unknown> {
  return post<unknown>('/v1/user/deviceToken/revoke', { device_token }, { silent: true, ignoreAuthExpiry: true });
}
