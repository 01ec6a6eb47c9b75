import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';
import { addKeyword, readHistory, SEARCH_HISTORY_MAX, writeHistory } from './search-history';

/** A Storage stand-in that records what was written. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('search history (localStorage search_keywords)', () => {
  it('puts the newest keyword first, trimmed, without duplicates', () => {
    let list = addKeyword([], ' ppt ');
    list = addKeyword(list, '翻译');
    list = addKeyword(list, 'ppt');
    expect(list).toEqual(['ppt', '翻译']);
  });

  it('ignores a blank keyword', () => {
    expect(addKeyword(['a'], '   ')).toEqual(['a']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX}, dropping the oldest`, () => {
    let list: string[] = [];
    for (let i = 0; i < SEARCH_HISTORY_MAX + 3; i++) list = addKeyword(list, `k${i}`);
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[0]).toBe(`k${SEARCH_HISTORY_MAX + 2}`);
    expect(list).not.toContain('k0');
  });

  it('round-trips through storage under search_keywords and removes the key when cleared', () => {
    const s = memoryStorage();
    writeHistory(['绘画', 'ppt'], s);
    expect(s.data.get(STORAGE_KEYS_SHELL.searchKeywords)).toBe('["绘画","ppt"]');
    expect(readHistory(s)).toEqual(['绘画', 'ppt']);
    writeHistory([], s);
    expect(s.data.has(STORAGE_KEYS_SHELL.searchKeywords)).toBe(false);
    expect(readHistory(s)).toEqual([]);
  });

  it('reads a corrupt or foreign value as an empty or filtered list', () => {
    expect(readHistory(memoryStorage({ search_keywords: '{not json' }))).toEqual([]);
    expect(readHistory(memoryStorage({ search_keywords: '{"a":1}' }))).toEqual([]);
    expect(readHistory(memoryStorage({ search_keywords: '["ok", 3, "", null]' }))).toEqual(['ok']);
  });
});
