import { describe, expect, it } from 'vitest';
import { splitBlocks, splitGrowing } from './blocks';

describe('splitBlocks', () => {
  it('splits paragraphs at blank lines', () => {
    expect(splitBlocks('a\nb\n\nc')).toEqual(['a\nb\n', 'c']);
  });

  it('keeps fenced code with blank lines in one block', () => {
    const text = 'intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nafter';
    const blocks = splitBlocks(text);
    expect(blocks).toHaveLength(3);
    expect(blocks[1]).toContain('const a = 1;\n\nconst b = 2;');
  });

  it('keeps an unfinished fence open to the end (the live tail)', () => {
    const blocks = splitBlocks('p\n\n```\ncode\n\nmore code');
    expect(blocks).toEqual(['p\n', '```\ncode\n\nmore code']);
  });

  it('keeps $$ math blocks and indented list continuations together', () => {
    expect(splitBlocks('$$\na\n\nb\n$$\n\nx')).toEqual(['$$\na\n\nb\n$$\n', 'x']);
    expect(splitBlocks('1. item\n\n   more of item\n\nnext')).toEqual(['1. item\n\n   more of item\n', 'next']);
  });

  it('re-joins to the original text', () => {
    const text = '# t\n\npara one\n\n- a\n- b\n\n| x |\n|---|\n| 1 |\n\n```\nz\n```\n';
    expect(splitBlocks(text).join('\n')).toBe(text);
  });

  it('finished blocks keep their text as the stream grows', () => {
    const full = 'first para\n\nsecond para\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nlast words';
    let stable: string[] = [];
    for (let n = 1; n <= full.length; n++) {
      const blocks = splitBlocks(full.slice(0, n));
      const finished = blocks.slice(0, -1);
      // Every block that was finished before is still there, unchanged.
      expect(finished.slice(0, stable.length)).toEqual(stable);
      stable = finished;
    }
  });
});

describe('splitGrowing', () => {
  it('gives the blocks of splitBlocks at every length of a growing text', () => {
    const text =
      '# 标题\n\n段落一\n继续\n\n- a\n- b\n\n  续行\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n末尾';
    let prev = null;
    for (let n = 0; n <= text.length; n++) {
      const next = splitGrowing(prev, text.slice(0, n));
      const expected = splitBlocks(text.slice(0, n));
      expect([...next.finished, next.tail]).toEqual(expected.length ? expected : ['']);
      if (prev && next.finished.length === prev.finished.length) expect(next.finished).toBe(prev.finished);
      prev = next;
    }
  });

  it('starts over when the text is not an extension', () => {
    const a = splitGrowing(null, 'a\n\nb');
    expect(splitGrowing(a, 'x\n\ny')).toEqual({ text: 'x\n\ny', finished: ['x\n'], tail: 'y' });
  });
});
