/**
 * The chat page is served at /msg?type=<base64 of the model key> (shell 2.1). Keys are
 * ASCII today, but encode through UTF-8 so a custom model key with CJK survives.
 */
export const FALLBACK_MODEL_KEY = 'index';

export function encodeModelKey(key: string): string {
  const bytes = new TextEncoder().encode(key);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Decodes the `type` query value; a plain (not base64) key is accepted as is. */
export function decodeModelKey(raw: string | null | undefined): string {
  if (!raw) return FALLBACK_MODEL_KEY;
  try {
    const binary = atob(raw);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const key = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (/^[\w.\-\u4e00-\u9fff]+$/.test(key)) return key;
  } catch {
    // not base64: fall through to the raw value
  }
  return raw;
}

/** Resolves a requested key against the catalog; unknown keys fall back to 'index'. */
export function resolveModelKey(requested: string, known: (key: string) => boolean): string {
  return known(requested) ? requested : FALLBACK_MODEL_KEY;
}

export function chatPath(key: string): string {
  return `/msg?type=${encodeURIComponent(encodeModelKey(key))}`;
}
