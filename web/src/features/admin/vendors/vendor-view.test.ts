import { describe, expect, it } from 'vitest';
import { ADMIN_VENDORS_MSG as V, type AdminVendorStats } from '@wanxiang/contract';
import { errorRateLevel, errorRateText, keyText, latencyText, saveBody } from './vendor-view';

const stats = (s: Partial<AdminVendorStats>): AdminVendorStats => ({ calls: 0, errors: 0, errorRate: null, latencyP50Ms: null, latencyP95Ms: null, ...s });

describe('vendor view', () => {
  it('shows a key only as its last 4 characters', () => {
    expect(keyText({ keySet: true, keyLast4: '1234' })).toBe('••••1234');
    expect(keyText({ keySet: true, keyLast4: '' })).toBe('••••');
    expect(keyText({ keySet: false, keyLast4: null })).toBe(V.keyNotSet);
    // A key pair (Kling): both, each as its tail or 未设置.
    expect(keyText({ keySet: true, keyLast4: 'ak12', pairedSecret: true, secretKeySet: false, secretKeyLast4: null })).toBe(
      `${V.editAccessKey} ••••ak12 / ${V.editSecretKey} ${V.keyNotSet}`,
    );
  });

  it('formats error rates and their level', () => {
    expect(errorRateText(stats({}))).toBe(V.noCalls);
    expect(errorRateText(stats({ calls: 40, errors: 1, errorRate: 0.025 }))).toBe('2.5%');
    expect(errorRateText(stats({ calls: 10, errors: 0, errorRate: 0 }))).toBe('0%');
    expect(errorRateText(stats({ calls: 3, errors: 1, errorRate: 1 / 3 }))).toBe('33%');
    expect(errorRateLevel(stats({}))).toBe('none');
    expect(errorRateLevel(stats({ errorRate: 0.01 }))).toBe('ok');
    expect(errorRateLevel(stats({ errorRate: 0.1 }))).toBe('warning');
    expect(errorRateLevel(stats({ errorRate: 0.5 }))).toBe('error');
  });

  it('formats latency', () => {
    expect(latencyText(stats({}))).toBe('—');
    expect(latencyText(stats({ latencyP50Ms: 320, latencyP95Ms: 1250 }))).toBe('320 毫秒 / 1.3 秒');
  });

  it('sends only what changed; an empty key field keeps the saved key', () => {
    const v = { baseUrl: 'https://api.deepseek.com/v1' };
    expect(saveBody(v, { baseUrl: 'https://api.deepseek.com/v1/', apiKey: '  ' })).toBeNull();
    expect(saveBody(v, { baseUrl: 'https://proxy.example.com/v1', apiKey: '' })).toEqual({ baseUrl: 'https://proxy.example.com/v1' });
    expect(saveBody(v, { baseUrl: 'https://api.deepseek.com/v1', apiKey: ' sk-new ' })).toEqual({ apiKey: 'sk-new' });
    expect(saveBody({ baseUrl: null }, { baseUrl: 'http://127.0.0.1:8000/v1' })).toEqual({ baseUrl: 'http://127.0.0.1:8000/v1' });
    // The secret key of a pair alone (its access key kept).
    expect(saveBody(v, { baseUrl: 'https://api.deepseek.com/v1', apiKey: '', secretKey: ' sk-secret ' })).toEqual({ secretKey: 'sk-secret' });
  });
});
