/**
 * Unpaired UTF-16 surrogates ('\ud800' alone) are legal in a JS string but not in UTF-8 or in
 * PostgreSQL's jsonb, where they fail the write. They come from clients that cut an emoji in half
 * (or on purpose) and from upstreams that split one across chunks. Each is replaced by U+FFFD,
 * the replacement character, so saving never fails on them.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
// Any surrogate at all: most text has none, and this scan is cheaper than the lookarounds.
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** Whether a string has no unpaired surrogate (String#isWellFormed, which ES2023 typings lack). */
export function isWellFormed(s: string): boolean {
  return !ANY_SURROGATE.test(s) || !HAS_LONE_SURROGATE.test(s);
}

/** The string with every unpaired surrogate replaced by U+FFFD (the same string when there is none). */
export function wellFormed(s: string): string {
  return isWellFormed(s) ? s : s.replace(LONE_SURROGATE, '\uFFFD');
}

/** Whether a parsed JSON value holds an unpaired surrogate in any string or key. */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isWellFormed(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const [k, v] of Object.entries(value)) if (!isWellFormed(k) || hasLoneSurrogate(v, depth + 1)) return true;
  return false;
}

/** A parsed JSON value with every string and key made well-formed (new containers only where something changed). */
export function wellFormedDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => wellFormedDeep(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[wellFormed(k)] = wellFormedDeep(v, depth + 1);
  return out as T;
}
