import { readCappedText } from '../../infra/read-capped';

/** Text helpers shared by the scholar sources. */

/** docs/product/search.md §5: scholar title, content and author are cut at 200 characters. */
export const SCHOLAR_TEXT_MAX = 200;

/** Cut to `max` characters (code points, so a Chinese or emoji character is never split), with an ellipsis. */
export function clip(s: string, max: number = SCHOLAR_TEXT_MAX): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

/** Collapse whitespace (feeds wrap titles and abstracts over several lines). */
export function squash(s: unknown): string {
  return typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '';
}

/** Only http(s) links reach the page. */
export function httpLink(v: unknown): string {
  if (typeof v !== 'string') return '';
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
  } catch {
    return '';
  }
}

/** GET an operator-configured source (trusted, plain fetch) with a deadline; null on any failure. */
export async function fetchText(url: URL, accept: string, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      headers: { accept, 'user-agent': 'wanxiang-scholar/1.0' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return await readCappedText(res, 4 * 1024 * 1024);
  } catch {
    return null;
  }
}
