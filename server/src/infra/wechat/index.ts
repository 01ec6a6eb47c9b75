import { createDevWechat, createOffWechat } from './dev';
import { createOfficialWechat } from './official';
import type { WechatLogin, WechatSettings } from './types';

export type { WechatLogin, WechatLoginKind, WechatQr, WechatScan, WechatSettings, SignatureQuery } from './types';
export { DEV_CONFIRM_PATH } from './dev';
export { wechatSignature } from './signature';

/** The WeChat login of WECHAT_LOGIN: dev (local confirm page), official (official account) or off. */
export function createWechatLogin(s: WechatSettings, fetchImpl: typeof fetch = fetch): WechatLogin {
  if (s.login === 'official') return createOfficialWechat(s, fetchImpl);
  if (s.login === 'dev') return createDevWechat();
  return createOffWechat();
}
