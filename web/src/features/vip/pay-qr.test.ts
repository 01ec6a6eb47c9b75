import { describe, expect, it } from 'vitest';
import { yuan } from '../../api/shop';
import { absolutePayUrl, isMockPay, PAY_POLL_MS } from './pay-qr';

describe('payment QR helpers', () => {
  it('prices are cents shown as yuan', () => {
    expect(yuan(2990)).toBe('29.90');
    expect(yuan(19900)).toBe('199');
    expect(yuan(5)).toBe('0.05');
  });
  it('relative mock links become absolute; gateway links are kept', () => {
    expect(absolutePayUrl('/api/v1/pay/mock/page?query_order=WX1', 'http://localhost:3000')).toBe(
      'http://localhost:3000/api/v1/pay/mock/page?query_order=WX1',
    );
    expect(absolutePayUrl('weixin://wxpay/bizpayurl?pr=x', 'http://a')).toBe('weixin://wxpay/bizpayurl?pr=x');
  });
  it('polls every 3 s; the mock link only for the mock provider', () => {
    expect(PAY_POLL_MS).toBe(3000);
    expect(isMockPay('mock')).toBe(true);
    expect(isMockPay('alipay')).toBe(false);
  });
});
