import { describe, expect, it } from 'vitest';
import { auditDiff, changeSummary, fieldLabel, prettyJson, valueText } from './audit-diff';

describe('audit diff', () => {
  it('lists the fields of both sides, marking what changed', () => {
    expect(auditDiff({ points: 10, vip: 1 }, { points: 110, vip: 1, note: '活动奖励' })).toEqual([
      { field: 'points', before: '10', after: '110', changed: true },
      { field: 'vip', before: '1', after: '1', changed: false },
      { field: 'note', before: '（无）', after: '活动奖励', changed: true },
    ]);
  });

  it('treats a missing side as empty', () => {
    expect(auditDiff(null, { bannedAt: '2026-01-01T00:00:00Z' })).toEqual([
      { field: 'bannedAt', before: '（无）', after: '2026-01-01T00:00:00Z', changed: true },
    ]);
  });

  it('compares nested values by content, not identity', () => {
    expect(auditDiff({ term: { days: 30 } }, { term: { days: 30 } })[0]!.changed).toBe(false);
    expect(auditDiff({ term: { days: 30 } }, { term: { days: 31 } })[0]).toMatchObject({ before: '{"days":30}', after: '{"days":31}', changed: true });
  });

  it('shows scalars and arrays as one row', () => {
    expect(auditDiff('user', 'admin')).toEqual([{ field: '', before: 'user', after: 'admin', changed: true }]);
    expect(auditDiff([1], [1])).toEqual([{ field: '', before: '[1]', after: '[1]', changed: false }]);
  });

  it('names known fields in Chinese and sums up only what changed', () => {
    expect(fieldLabel('points')).toBe('积分');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    expect(changeSummary({ points: 0, vip: 1 }, { points: 88, vip: 1, reason: '活动奖励' })).toBe('积分: 0 → 88；原因: （无） → 活动奖励');
    expect(changeSummary({ a: 1 }, { a: 1 })).toBe('');
  });

  it('writes values and whole objects for people', () => {
    expect(valueText(undefined)).toBe('（无）');
    expect(valueText(false)).toBe('否');
    expect(valueText(true)).toBe('是');
    expect(valueText(0)).toBe('0');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('（无）');
  });
});
