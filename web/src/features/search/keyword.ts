/** Search keyword rules (docs/product/search.md §5, §7): blank does nothing; history stores it without whitespace. */

export function isBlankQuery(q: string | null | undefined): boolean {
  return !q || q.trim() === '';
}

/** What the history table keeps: the keyword with every whitespace removed (7.1). */
export function historyKeyword(q: string): string {
  return q.replace(/\s+/g, '');
}

/** Search modes of 2.1 by route; the `mode` query parameter wins when it is a known mode. */
export const MODE_ROUTES: Record<number, string> = {
  1: '/aiSearch/searchByhome',
  2: '/aiSearch/serachnet',
  3: '/aiSearch/science',
  4: '/aiSearch/arxiv',
  5: '/aiSearch/webdisk',
  6: '/aiSearch/lookforfile',
  7: '/aiSearch/lookforweb',
};

export function modeOf(pathname: string, modeParam: string | null): number {
  const asked = Number(modeParam);
  if (Number.isInteger(asked) && MODE_ROUTES[asked]) return asked;
  const found = Object.entries(MODE_ROUTES).find(([, path]) => pathname.toLowerCase() === path.toLowerCase());
  return found ? Number(found[0]) : 2;
}

/** A preset search handed over by another page: `value` or `keyword` parameter, or navigation state {value}. */
export function presetValue(params: URLSearchParams, state: unknown): string {
  const fromState = typeof state === 'object' && state !== null ? (state as { value?: unknown }).value : undefined;
  const v = params.get('value') ?? params.get('keyword') ?? (typeof fromState === 'string' ? fromState : '');
  return v.trim();
}

export const BOTTOM_TYPES = ['voice', 'web', 'doc', 'video', 'image'] as const;
export function bottomTypeOf(params: URLSearchParams): string | undefined {
  const v = params.get('bottomType');
  return v && (BOTTOM_TYPES as readonly string[]).includes(v) ? v : undefined;
}

/** Preset search start delay (9). */
export const PRESET_DELAY_MS = 200;
/** History keyword debounce (7.1). */
export const HISTORY_DEBOUNCE_MS = 500;
