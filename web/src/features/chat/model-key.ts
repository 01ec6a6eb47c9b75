/**
 * The chat page is served at /msg?type=<base64 of the model key> (docs/product/chat.md §2). `/chat?type=`
 * is forwarded there with its value base64-encoded once more, and menus may already have
 * encoded it, so a `type` can be the plain key, its base64, or base64 of its base64. Keys are
 * ASCII today, but encode through UTF-8 so a custom model key with CJK survives.
 */
export const FALLBACK_MODEL_KEY = 'index';

export function encodeModelKey(key: string): string {
  const bytes = new TextEncoder().encode(key);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const KEY_SHAPE = /^[\w.\-\u4e00-\u9fff]+$/;
const BASE64_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;

/** The base64-decoded value when it is a plausible key (or, once, base64 again), else null. */
function decodeOnce(raw: string, shape = KEY_SHAPE): string | null {
  try {
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    const key = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return shape.test(key) ? key : null;
  } catch {
    return null;
  }
}

/**
 * What a `type` value may stand for, most literal first: the value itself, its base64 decoding,
 * and the decoding of that. The catalog decides which one is a model (resolveModelKey).
 */
export function modelKeyCandidates(raw: string | null | undefined): string[] {
  const value = raw?.trim();
  if (!value) return [];
  const out = [value];
  const once = decodeOnce(value, /^[\w.\-\u4e00-\u9fff+/=]+$/);
  if (once) {
    if (KEY_SHAPE.test(once)) out.push(once);
    const twice = BASE64_SHAPE.test(once) ? decodeOnce(once) : null;
    if (twice) out.push(twice);
  }
  return [...new Set(out)];
}

/**
 * The key to show before the catalog has loaded: the most decoded plausible reading (a `type`
 * from /chat or a menu is base64), or 'index' when there is none.
 */
export function decodeModelKey(raw: string | null | undefined): string {
  const c = modelKeyCandidates(raw);
  return c.length === 0 ? FALLBACK_MODEL_KEY : (c[c.length - 1] as string);
}

/** The model a `type` value opens: the first reading the catalog knows; unknown or missing -> 'index'. */
export function resolveModelKey(raw: string | null | undefined, known: (key: string) => boolean): string {
  return modelKeyCandidates(raw).find(known) ?? FALLBACK_MODEL_KEY;
}

export function chatPath(key: string, extra?: Record<string, string>): string {
  const params = new URLSearchParams({ type: encodeModelKey(key), ...extra });
  return `/msg?${params.toString()}`;
}
