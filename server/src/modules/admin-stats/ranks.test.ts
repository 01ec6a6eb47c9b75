import { describe, expect, it } from 'vitest';
import { errorRanks, rank, UNKNOWN_VENDOR } from './ranks';

describe('dashboard rankings', () => {
  it('names keys, sorts by count then key, and keeps the top', () => {
    const names: Record<string, string> = { a: '甲', b: '乙' };
    const out = rank(
      [
        { key: 'c', n: 5 },
        { key: 'b', n: 7 },
        { key: 'a', n: 5 },
      ],
      (k) => names[k],
      2,
    );
    expect(out).toEqual([
      { key: 'b', name: '乙', count: 7 },
      { key: 'a', name: '甲', count: 5 },
    ]);
    // an unknown key shows itself
    expect(rank([{ key: 'gone', n: 1 }], () => undefined, 5)).toEqual([{ key: 'gone', name: 'gone', count: 1 }]);
  });

  it('sums failed replies per vendor; models gone from the catalog count under unknown', () => {
    const models: Record<string, { name: string; vendor: string }> = {
      m1: { name: '模型一', vendor: 'deepseek' },
      m2: { name: '模型二', vendor: 'deepseek' },
      m3: { name: '模型三', vendor: 'zhipu' },
    };
    const out = errorRanks(
      [
        { key: 'm1', n: 2 },
        { key: 'm2', n: 1 },
        { key: 'm3', n: 4 },
        { key: 'old', n: 1 },
      ],
      (k) => models[k],
      10,
    );
    expect(out.byVendor).toEqual([
      { key: 'zhipu', name: 'zhipu', count: 4 },
      { key: 'deepseek', name: 'deepseek', count: 3 },
      { key: UNKNOWN_VENDOR, name: UNKNOWN_VENDOR, count: 1 },
    ]);
    expect(out.byModel[0]).toEqual({ key: 'm3', name: '模型三', vendor: 'zhipu', count: 4 });
    expect(out.byModel.at(-1)).toEqual({ key: 'old', name: 'old', vendor: UNKNOWN_VENDOR, count: 1 });
  });
});
