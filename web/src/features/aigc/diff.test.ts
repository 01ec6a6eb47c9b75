import { describe, expect, it } from 'vitest';
import { diffChars } from './diff';

describe('diffChars', () => {
  it('keeps the common text and marks what went and came', () => {
    expect(diffChars('首先，技术很重要。', '技术很要紧。')).toEqual([
      { op: 'del', text: '首先，' },
      { op: 'same', text: '技术很' },
      { op: 'del', text: '重' },
      { op: 'same', text: '要' },
      { op: 'add', text: '紧' },
      { op: 'same', text: '。' },
    ]);
  });

  it('rebuilds both texts from the runs', () => {
    const before = '随着人工智能的发展，教育发生了显著变化。此外，资源更加公平。';
    const after = '眼看着人工智能发展起来，教育变化很明显。资源也更公平了，我是这么看的。';
    const runs = diffChars(before, after);
    expect(
      runs
        .filter((r) => r.op !== 'add')
        .map((r) => r.text)
        .join(''),
    ).toBe(before);
    expect(
      runs
        .filter((r) => r.op !== 'del')
        .map((r) => r.text)
        .join(''),
    ).toBe(after);
    expect(runs.some((r) => r.op === 'same')).toBe(true);
  });

  it('handles empty sides', () => {
    expect(diffChars('', '新')).toEqual([{ op: 'add', text: '新' }]);
    expect(diffChars('旧', '')).toEqual([{ op: 'del', text: '旧' }]);
    expect(diffChars('同', '同')).toEqual([{ op: 'same', text: '同' }]);
  });
});
