import type { WxQrStatus } from '@wanxiang/contract';

/**
 * Shell 4 "QR login", step by step: status 0 keeps polling every 2 s, 1 logs in, anything else
 * (expired, unknown, used) says 重新获取二维码！ and fetches a new QR.
 */
export type QrStep = 'poll' | 'login' | 'refresh';

export function qrStep(status: WxQrStatus | number): QrStep {
  if (status === 0) return 'poll';
  if (status === 1) return 'login';
  return 'refresh';
}
