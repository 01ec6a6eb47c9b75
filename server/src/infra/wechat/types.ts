/**
 * WeChat QR login behind one interface (docs/product/accounts.md §4). The auth module creates a QR for a
 * scene id (its qrcode_id) and learns who scanned it through `confirm` (dev page or the official
 * account's event callback); it never talks to WeChat itself.
 */
export type WechatLoginKind = 'dev' | 'official' | 'off';

export interface WechatQr {
  /** dev: the URL to draw as a QR (our confirm page); official: WeChat's showqrcode image of the QR. */
  url: string;
  /** 'text': draw `url` as a QR code; 'image': `url` is already a QR image. */
  type: 'text' | 'image';
  expiresInSec: number;
}

/** A scan reported by WeChat's callback: who (openid) scanned which scene. */
export interface WechatScan {
  openid: string;
  scene: string;
}

export interface SignatureQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  /** Safe and compatible modes: the signature over the encrypted message too. */
  msg_signature?: string;
  encrypt_type?: string;
}

export interface WechatLogin {
  readonly kind: WechatLoginKind;
  /**
   * A QR for `sceneId` valid `expiresInSec`. `origin` is the site's public origin
   * (https://host), used by the dev adapter to point at its local confirm page.
   */
  createQr(sceneId: string, expiresInSec: number, origin: string): Promise<WechatQr>;
  /** Whether a callback request really comes from WeChat (official account token signature). */
  checkSignature(q: SignatureQuery): boolean;
  /**
   * The scan an event callback reports, or null for any other message. With an EncodingAESKey
   * only the <Encrypt> part is read, after its msg_signature is checked; a plain body is refused.
   */
  parseEvent(xml: string, q: SignatureQuery): WechatScan | null;
}

/** Settings of config.ts (WECHAT_*). */
export interface WechatSettings {
  login: WechatLoginKind;
  appId: string;
  appSecret: string;
  token: string;
  /** EncodingAESKey for encrypted callbacks; '' = plain mode only. */
  encodingAesKey: string;
  apiBase: string;
}
