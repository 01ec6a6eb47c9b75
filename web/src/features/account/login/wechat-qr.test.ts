import { describe, expect, it } from 'vitest';
import { qrStep } from './wechat-qr';

describe('WeChat QR steps (docs/product/accounts.md §4)', () => {
  it('polls on 0, logs in on 1, refreshes on anything else', () => {
    expect(qrStep(0)).toBe('poll');
    expect(qrStep(1)).toBe('login');
    expect(qrStep(2)).toBe('refresh');
    expect(qrStep(-1)).toBe('refresh');
  });
});
