import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';

/**
 * Search history of the header box (docs/product/shell-and-navigation.md §9: localStorage `search_keywords`): most recent first,
 * no duplicates, at most SEARCH_HISTORY_MAX. Pure functions plus a tolerant reader, so the rules
 * are unit-tested and a corrupt value never breaks the header.
 */
export const SEARCH_HISTORY_MAX = 10;

/** The list after searching `keyword`: it moves to the front; blanks change nothing. */
export function addKeyword(list: readonly string[], keyword: string): string[] {
  const k = keyword.trim();
  if (!k) return [...list];
  return [k, ...list.filter((x) => x !== k)].slice(0, SEARCH_HISTORY_MAX);
}

export function readHistory(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(STORAGE_KEYS_SHELL.searchKeywords) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

export function writeHistory(list: readonly string[], storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (list.length) storage.setItem(STORAGE_KEYS_SHELL.searchKeywords, JSON.stringify(list));
    else storage.removeItem(STORAGE_KEYS_SHELL.searchKeywords);
  } catch {
    // Private mode or a full storage: history is a convenience, the search still works.
  }
}
