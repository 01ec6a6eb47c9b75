import type { BindPhoneReq, CaptchaChallenge, CaptchaPass, CaptchaVerifyReq, SendBindSmsCodeReq, UserInfo } from '@wanxiang/contract';
import { post } from './request';

/** Slider captcha and phone binding (docs/product/accounts.md §4). The dialog shows every message itself. */

export function captchaChallenge(): Promise<CaptchaChallenge> {
  return post<CaptchaChallenge>('/v1/captcha/slider', { scene: 'bind_phone' }, { silent: true });
}

/** The server checks the drag; a pass answers a one-time token for the binding code. */
export function captchaVerify(req: CaptchaVerifyReq): Promise<CaptchaPass> {
  return post<CaptchaPass>('/v1/captcha/slider/verify', req, { silent: true });
}

export function sendBindSmsCode(req: SendBindSmsCodeReq): Promise<unknown> {
  return post<unknown>('/v1/user/sendBindSmsCode', req, { silent: true });
}

export function bindPhone(req: BindPhoneReq): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/bindPhone', req, { silent: true });
}
