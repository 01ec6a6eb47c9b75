import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { GATE_LIMITS } from '@wanxiang/contract';
import { useCountdown } from '../../hooks/useCountdown';
import { businessDay, clockText, priceText, shouldFetchVipPromo } from './promo-rules';

describe('money promo rules', () => {
  it('fetches the VIP promo once per business day, never for vip 79', () => {
    const now = Date.parse('2026-03-01T04:00:00Z'); // 12:00 in Shanghai
    expect(shouldFetchVipPromo(0, 0, now)).toBe(true);
    expect(shouldFetchVipPromo(79, 0, now)).toBe(false);
    expect(shouldFetchVipPromo(0, Date.parse('2026-02-28T17:00:00Z'), now)).toBe(false); // 01:00 same day
    expect(shouldFetchVipPromo(0, Date.parse('2026-02-28T15:00:00Z'), now)).toBe(true); // 23:00 the day before
    expect(businessDay(Date.parse('2026-02-28T16:00:00Z'))).toBe(businessDay(now));
  });

  it('shows prices in yuan and clocks', () => {
    expect(priceText(1990)).toBe('19.9');
    expect(priceText(19900)).toBe('199');
    expect(priceText(7)).toBe('0.07');
    expect(clockText(600)).toBe('10:00');
    expect(clockText(59)).toBe('00:59');
    expect(clockText(3 * 3600 + 61)).toBe('3:01:01');
    expect(clockText(-3)).toBe('00:00');
  });
});

describe('the 10-minute limited-offer countdown', () => {
  afterEach(() => vi.useRealTimers());
  it('starts at 10:00 and stops at zero', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(GATE_LIMITS.vipOfferCountdownSec));
    expect(clockText(result.current.remaining)).toBe('10:00');
    act(() => vi.advanceTimersByTime(61_000));
    expect(clockText(result.current.remaining)).toBe('08:59');
    act(() => vi.advanceTimersByTime(20 * 60_000));
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.remaining).toBe(0);
  });
});
