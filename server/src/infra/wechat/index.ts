import { createDevWechat, createOffWechat } from './dev';
import { createOfficialWechat } from './official';
import type { AccessTokens } from './access-token';
import type { WechatLogin, WechatSettings } from './types';

export type { WechatLogin, WechatLoginKind, WechatQr, WechatScan, WechatSettings, SignatureQuery } from './types';
export { DEV_CONFIRM_PATH } from './dev';
export { wechatSignature } from './signature';
export { createAccessTokens, TOKEN_REFUSED_CODES, WechatApiError } from './access-token';
export type { AccessTokenHolder, AccessTokens, WechatCredentials } from './access-token';

/**
 * The WeChat login of WECHAT_LOGIN: dev (local confirm page), official (official account, its
 * access token from `tokens`' holder of WECHAT_APP_ID) or off.
 */
export function createWechatLogin(s: WechatSettings, tokens: AccessTokens, fetchImpl: typeof fetch = fetch): WechatLogin {
  if (s.login === 'official') return createOfficialWechat(s, tokens.holder({ appId: s.appId, appSecret: s.appSecret }), fetchImpl);
  if (s.login === 'dev') return createDevWechat();
  return createOffWechat();
}
