import type { WechatLogin } from './types';

/** Path of the local page that stands in for the phone's scan in development. */
export const DEV_CONFIRM_PATH = '/api/v1/user/wxDevConfirm';

/**
 * Development WeChat: the QR opens our own confirm page (any phone or a second browser tab),
 * whose 确认登录 button confirms the QR as a made-up WeChat user. No callback ever arrives.
 */
export function createDevWechat(): WechatLogin {
  return {
    kind: 'dev',
    async createQr(sceneId, expiresInSec, origin) {
      return { url: `${origin}${DEV_CONFIRM_PATH}?qrcode_id=${encodeURIComponent(sceneId)}`, type: 'text', expiresInSec };
    },
    checkSignature: () => false,
    parseEvent: () => null,
  };
}

/** WeChat login switched off (production without an official account): every QR call refuses. */
export function createOffWechat(): WechatLogin {
  return {
    kind: 'off',
    async createQr() {
      throw new Error('WeChat login is off');
    },
    checkSignature: () => false,
    parseEvent: () => null,
  };
}
