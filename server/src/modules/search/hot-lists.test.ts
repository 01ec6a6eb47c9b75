import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEntries, HOT_MAX_ENTRIES, parseBaidu, parseWeibo, parseZhihu } from './hot-lists';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../test/fixtures/search', name), 'utf8'));

describe('hot-list parsers', () => {
  it('drops advertised Weibo entries', () => {
    const list = parseWeibo(fixture('weibo-hot-search.json'));
    expect(list).toHaveLength(25);
    expect(list).not.toContain('品牌推广');
    expect(list[0]).toBe('冬日暖阳下的故宫');
  });

  it('reads the newer Zhihu title_area shape too', () => {
    expect(parseZhihu({ data: [{ target: { title_area: { text: '问题一' } } }, { target: { title: '问题二' } }] })).toEqual([
      '问题一',
      '问题二',
    ]);
  });

  it('answers [] for shapes it does not know', () => {
    for (const bad of [null, 'x', [], { data: 'x' }, { data: { cards: 'x' } }]) {
      expect(parseZhihu(bad)).toEqual([]);
      expect(parseBaidu(bad)).toEqual([]);
      expect(parseWeibo(bad)).toEqual([]);
    }
  });

  it('cleans, de-duplicates and caps the entries', () => {
    expect(cleanEntries([' a\n b ', 'a b', '', 'x'.repeat(81)])).toEqual(['a b']);
    expect(cleanEntries(Array.from({ length: 80 }, (_, i) => `t${i}`))).toHaveLength(HOT_MAX_ENTRIES);
  });
});
