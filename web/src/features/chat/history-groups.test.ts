import { describe, expect, it } from 'vitest';
import { historyGroupOf } from './history-groups';

describe('historyGroupOf', () => {
  const now = new Date(2026, 4, 20, 10, 30).getTime();
  it('groups by local calendar day', () => {
    expect(historyGroupOf(new Date(2026, 4, 20, 0, 1).getTime(), now)).toBe('today');
    expect(historyGroupOf(new Date(2026, 4, 19, 23, 59).getTime(), now)).toBe('yesterday');
    expect(historyGroupOf(new Date(2026, 4, 19, 0, 0).getTime(), now)).toBe('yesterday');
    expect(historyGroupOf(new Date(2026, 4, 18, 23, 0).getTime(), now)).toBe('week');
    expect(historyGroupOf(new Date(2026, 4, 14, 0, 0).getTime(), now)).toBe('week');
    expect(historyGroupOf(new Date(2026, 4, 13, 23, 0).getTime(), now)).toBe('earlier');
  });
});
