import { describe, expect, it } from 'vitest';
import { MSG, centsToYuan, yuanToCents } from '@wanxiang/contract';
import { casherProblem, moneyProblem, nameProblem } from './cash-form';

describe('money parsing (yuan -> cents)', () => {
  it('is exact for at most two decimals', () => {
    expect(yuanToCents('12.3')).toBe(1230);
    expect(yuanToCents('0.07')).toBe(7);
    expect(yuanToCents(0.07)).toBe(7);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(' 10 ')).toBe(1000);
    expect(yuanToCents('100.00')).toBe(10000);
  });
  it('refuses everything else', () => {
    for (const v of [
      '',
      'abc',
      '1.234',
      '-1',
      '1e3',
      '1,5',
      '.5',
      'NaN',
      null,
      undefined,
      {},
      -3,
      Number.NaN,
      Infinity,
      1e21,
      '12345678901',
    ]) {
      expect(yuanToCents(v)).toBeNull();
    }
  });
  it('formats cents back', () => {
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(7)).toBe('0.07');
    expect(centsToYuan(123456)).toBe('1234.56');
    expect(centsToYuan(-250)).toBe('-2.50');
  });
});

describe('cash-out form checks', () => {
  const b = { minCents: 1000, maxCents: 500000, balanceCents: 3000 };
  it('names each money problem', () => {
    expect(moneyProblem('', b)).toBe(MSG.cashMoneyInvalid);
    expect(moneyProblem('0', b)).toBe(MSG.cashMoneyPositive);
    expect(moneyProblem('-2', b)).toBe(MSG.cashMoneyPositive);
    expect(moneyProblem('1.001', b)).toBe(MSG.cashMoneyInvalid);
    expect(moneyProblem('9.99', b)).toBe(MSG.cashBelowMin('10.00'));
    expect(moneyProblem('5000.01', b)).toBe(MSG.cashAboveMax('5000.00'));
    expect(moneyProblem('30.01', b)).toBe(MSG.cashAboveBalance);
    expect(moneyProblem('30', b)).toBeNull();
    expect(moneyProblem(10, b)).toBeNull();
  });
  it('checks the payee account and name', () => {
    expect(casherProblem('  ')).toBe(MSG.casherEmpty);
    expect(casherProblem('x'.repeat(65))).toBe(MSG.casherTooLong);
    expect(casherProblem('pay@example.com')).toBeNull();
    expect(nameProblem('')).toBe(MSG.cashNameEmpty);
    expect(nameProblem('张')).toBe(MSG.cashNameLength);
    expect(nameProblem('张'.repeat(21))).toBe(MSG.cashNameLength);
    expect(nameProblem('张三')).toBeNull();
  });
});
