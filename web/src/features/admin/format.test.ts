import { describe, expect, it } from 'vitest';
import { compareToAverage, formatCents, formatMetric, membershipText, userLabel } from './format';

const free = { vip: 0, vipStored: 0, vipPermanent: false, vipExpiresAt: null, vipType: '' };

describe('console formats', () => {
  it('writes cents as yuan with separators', () => {
    expect(formatCents(0)).toBe('¥0.00');
    expect(formatCents(1990)).toBe('¥19.90');
    expect(formatCents(123456789)).toBe('¥1,234,567.89');
  });

  it('writes revenue as money and other metrics as counts with up to two decimals', () => {
    expect(formatMetric('revenueCents', 1557.14)).toBe('¥15.57');
    expect(formatMetric('chats', 12345)).toBe('12,345');
    expect(formatMetric('chats', 0.29)).toBe('0.29');
  });

  it('compares today with the daily average', () => {
    expect(compareToAverage(15, 10)).toEqual({ pct: 50, trend: 'up' });
    expect(compareToAverage(5, 10)).toEqual({ pct: -50, trend: 'down' });
    expect(compareToAverage(10, 10)).toEqual({ pct: 0, trend: 'flat' });
    expect(compareToAverage(1, 3)).toEqual({ pct: -66.7, trend: 'down' });
    // no baseline: no percentage
    expect(compareToAverage(3, 0)).toEqual({ pct: null, trend: 'up' });
    expect(compareToAverage(0, 0)).toEqual({ pct: null, trend: 'flat' });
  });

  it('names an account by nick, phone or id', () => {
    expect(userLabel({ id: 1, nick: '小明', phone: '13900000000' })).toBe('小明');
    expect(userLabel({ id: 1, nick: '', phone: '13900000000' })).toBe('13900000000');
    expect(userLabel({ id: 7, nick: '', phone: '' })).toBe('#7');
  });

  it('describes the membership in one line', () => {
    expect(membershipText(free)).toBe('普通用户');
    expect(membershipText({ ...free, vip: 52, vipStored: 52, vipPermanent: true, vipType: '年卡' })).toBe('VIP 52 年卡 · 永久');
    expect(membershipText({ ...free, vip: 0, vipStored: 1, vipExpiresAt: '2020-01-01T00:00:00Z' })).toBe('VIP 1 · 已过期');
    expect(membershipText({ ...free, vip: 1, vipStored: 1, vipExpiresAt: '2099-01-01T00:00:00Z' })).toMatch(/^VIP 1 · 至 2099-01-01 /);
  });
});
