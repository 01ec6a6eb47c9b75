/**
 * The environment variables payments read, as config.ts parses them. Declared here rather than
 * imported so config.ts can import this file without an import cycle.
 */
export interface PayEnv {
  NODE_ENV: 'production' | 'development' | 'test';
  PAY_PROVIDER?: 'mock' | 'alipay' | 'wechat';
  PAY_NOTIFY_BASE_URL?: string;
  PAY_MOCK_SECRET?: string;
  ALIPAY_APP_ID?: string;
  ALIPAY_PRIVATE_KEY?: string;
  ALIPAY_PUBLIC_KEY?: string;
  ALIPAY_GATEWAY: string;
  WECHATPAY_MCH_ID?: string;
  WECHATPAY_APP_ID?: string;
  WECHATPAY_SERIAL_NO?: string;
  WECHATPAY_PRIVATE_KEY?: string;
  WECHATPAY_PLATFORM_PUBLIC_KEY?: string;
  WECHATPAY_API_V3_KEY?: string;
  WECHATPAY_BASE: string;
}

/** Payment settings as read from the environment (docs/payments.md). */
export interface PaySettings {
  /** The provider new orders use unless the buyer's pay_id picks another configured one. */
  provider: 'mock' | 'alipay' | 'wechat';
  /** Public base of the notify URLs; '' = relative (mock only). */
  notifyBaseUrl: string;
  mockSecret?: string;
  alipay?: { appId: string; privateKey: string; publicKey: string; gateway: string };
  wechat?: {
    mchId: string;
    appId: string;
    serialNo: string;
    privateKey: string;
    platformPublicKey: string;
    apiV3Key: string;
    base: string;
  };
}

export function paySettingsFromEnv(e: PayEnv): PaySettings {
  const alipay =
    e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY
      ? { appId: e.ALIPAY_APP_ID, privateKey: e.ALIPAY_PRIVATE_KEY, publicKey: e.ALIPAY_PUBLIC_KEY, gateway: e.ALIPAY_GATEWAY }
      : undefined;
  const wechat =
    e.WECHATPAY_MCH_ID &&
    e.WECHATPAY_APP_ID &&
    e.WECHATPAY_SERIAL_NO &&
    e.WECHATPAY_PRIVATE_KEY &&
    e.WECHATPAY_PLATFORM_PUBLIC_KEY &&
    e.WECHATPAY_API_V3_KEY
      ? {
          mchId: e.WECHATPAY_MCH_ID,
          appId: e.WECHATPAY_APP_ID,
          serialNo: e.WECHATPAY_SERIAL_NO,
          privateKey: e.WECHATPAY_PRIVATE_KEY,
          platformPublicKey: e.WECHATPAY_PLATFORM_PUBLIC_KEY,
          apiV3Key: e.WECHATPAY_API_V3_KEY,
          base: e.WECHATPAY_BASE,
        }
      : undefined;
  return {
    provider: e.PAY_PROVIDER ?? 'mock',
    notifyBaseUrl: (e.PAY_NOTIFY_BASE_URL ?? '').replace(/\/+$/, ''),
    mockSecret: e.PAY_MOCK_SECRET || undefined,
    alipay,
    wechat,
  };
}

/** Boot-time checks: the mock is refused in production, a real provider needs all its settings. */
export function payConfigIssues(e: PayEnv): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  const provider = e.PAY_PROVIDER ?? 'mock';
  if (e.NODE_ENV === 'production' && provider === 'mock') {
    out.push({ path: ['PAY_PROVIDER'], message: 'PAY_PROVIDER=mock is for development only: set alipay or wechat' });
  }
  const need = (keys: (keyof PayEnv)[]) => {
    for (const k of keys) if (!e[k]) out.push({ path: [k], message: `${k} is required when PAY_PROVIDER=${provider}` });
  };
  if (provider === 'alipay') need(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PAY_NOTIFY_BASE_URL']);
  if (provider === 'wechat') {
    need([
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_API_V3_KEY',
      'PAY_NOTIFY_BASE_URL',
    ]);
    if (e.WECHATPAY_API_V3_KEY && Buffer.byteLength(e.WECHATPAY_API_V3_KEY) !== 32) {
      out.push({ path: ['WECHATPAY_API_V3_KEY'], message: 'WECHATPAY_API_V3_KEY must be 32 bytes' });
    }
  }
  return out;
}
