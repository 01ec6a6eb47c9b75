import { describe, expect, it } from 'vitest';
import { formatBusinessTime, startOfBusinessDay } from './business-time';
import { SessionCache } from './session-cache';

describe('business time', () => {
  it('formats an instant on the Shanghai wall clock', () => {
    expect(formatBusinessTime(new Date('2030-06-30T16:30:05Z'), 'Asia/Shanghai')).toBe('2030-07-01 00:30:05');
    expect(formatBusinessTime(new Date('2030-01-01T00:00:00Z'), 'UTC')).toBe('2030-01-01 00:00:00');
  });

  it('finds the start of the business day', () => {
    const tz = 'Asia/Shanghai';
    // 07:59 UTC on Jan 1 is 15:59 in Shanghai: the day began at 16:00 UTC the evening before.
    expect(startOfBusinessDay(new Date('2030-01-01T07:59:00Z'), tz).toISOString()).toBe('2029-12-31T16:00:00.000Z');
    expect(startOfBusinessDay(new Date('2029-12-31T16:00:00Z'), tz).toISOString()).toBe('2029-12-31T16:00:00.000Z');
    expect(startOfBusinessDay(new Date('2029-12-31T15:59:59.999Z'), tz).toISOString()).toBe('2029-12-30T16:00:00.000Z');
    expect(startOfBusinessDay(new Date('2030-03-10T12:34:56.789Z'), 'UTC').toISOString()).toBe('2030-03-10T00:00:00.000Z');
  });
});

describe('session cache', () => {
  const user = { id: 7, vip: 0, phone: '13800138000', role: 'user' as const, tokenId: 1 };

  it('serves an entry until the TTL or the token expiry, whichever is first', () => {
    const c = new SessionCache();
    c.set('a', user, 1_000, 1_000_000);
    c.set('b', user, 1_000, 3_000);
    expect(c.get('a', 10_999)?.id).toBe(7);
    expect(c.get('a', 11_000)).toBeNull();
    expect(c.get('b', 2_999)?.id).toBe(7);
    expect(c.get('b', 3_000)).toBeNull();
  });

  it('drops one token or every token of a user', () => {
    const c = new SessionCache();
    c.set('a', user, 0, 1e12);
    c.set('b', { ...user, tokenId: 2 }, 0, 1e12);
    c.set('c', { ...user, id: 8 }, 0, 1e12);
    c.drop('a');
    expect(c.get('a', 1)).toBeNull();
    c.dropUser(7);
    expect(c.get('b', 1)).toBeNull();
    expect(c.get('c', 1)?.id).toBe(8);
  });

  it('hands out frozen copies', () => {
    const c = new SessionCache();
    const u = { ...user };
    c.set('a', u, 0, 1e12);
    u.vip = 52;
    expect(c.get('a', 1)?.vip).toBe(0);
    expect(Object.isFrozen(c.get('a', 1))).toBe(true);
  });
});
