import { describe, expect, it } from 'vitest';
import { clipTitle, digestCategories } from './text';

describe('arXiv display helpers', () => {
  it('cuts titles at 30 characters', () => {
    expect(clipTitle('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    expect(clipTitle('short')).toBe('short');
  });

  it('adds categories found in the data after the fixed ones, once', () => {
    expect(digestCategories(['cs.AI', 'cs.CL'], [{ categories: ['cs.CL', 'cs.LG'] }, { categories: ['cs.LG', 'math.NA'] }])).toEqual([
      'cs.AI',
      'cs.CL',
      'cs.LG',
      'math.NA',
    ]);
  });
});
