import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import { createAlipayProvider } from './alipay';
import { createMockProvider, type MockPayProvider } from './mock';
import type { PayProvider, PayProviderName } from './types';
import { createWechatPayProvider } from './wechat';

export * from './types';
export type { MockPayProvider } from './mock';

/**
 * The configured payment providers. `default` takes new orders; an order's pay_id may pick
 * another configured one (1 Alipay, 2 WeChat Pay). Notifies and reconcile find an order's own
 * provider by name, so orders keep working while the default changes.
 */
export interface PayRegistry {
  readonly default: PayProvider;
  get(name: string): PayProvider | undefined;
  /** The provider for a buyer's pay_id, falling back to the default. */
  forPayId(payId: number): PayProvider;
  /** Present only outside production when the mock is configured. */
  readonly mock?: MockPayProvider;
}

export const PAY_ID: Record<number, PayProviderName> = { 1: 'alipay', 2: 'wechat' };

export function createPayRegistry(config: Config, overrides: PayProvider[] = []): PayRegistry {
  const s = config.pay;
  const notifyUrl = (name: PayProviderName) => `${s.notifyBaseUrl}/api/v1/pay/notify/${name}`;
  const providers = new Map<string, PayProvider>();
  if (!config.isProduction && s.provider === 'mock') {
    providers.set('mock', createMockProvider({ secret: mockSecret(config), baseUrl: s.notifyBaseUrl }));
  }
  if (s.alipay) providers.set('alipay', createAlipayProvider({ ...s.alipay, notifyUrl: notifyUrl('alipay') }));
  if (s.wechat) providers.set('wechat', createWechatPayProvider({ ...s.wechat, notifyUrl: notifyUrl('wechat') }));
  for (const p of overrides) providers.set(p.name, p);
  const def = providers.get(s.provider) ?? [...providers.values()][0];
  if (!def) throw new Error(`PAY_PROVIDER=${s.provider} is not configured`);
  return {
    default: def,
    get: (name) => providers.get(name),
    forPayId(payId) {
      // A pay_id whose provider is not configured (every one in development) uses the default.
      const named = PAY_ID[payId];
      return (named && providers.get(named)) || def;
    },
    mock: providers.get('mock') as MockPayProvider | undefined,
  };
}

/**
 * The mock's HMAC key: PAY_MOCK_SECRET; else, on PostgreSQL, one every process of the deployment derives alike from
 * its DATABASE_URL, since the pay page one process signs may post its notify to another behind the proxy; else (the
 * embedded database, one process) a random one per process.
 */
function mockSecret(config: Config): string | undefined {
  if (config.pay.mockSecret) return config.pay.mockSecret;
  if (!config.databaseUrl) return undefined;
  return createHash('sha256').update(`wanxiang pay mock\n${config.databaseUrl}`).digest('hex');
}
