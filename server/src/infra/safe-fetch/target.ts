import { SafeFetchError } from './errors';

const SCHEMES = new Set(['http:', 'https:']);

/**
 * Parse a user-supplied URL with the WHATWG parser (the one undici uses, so both agree on the
 * host) after refusing what parsers disagree about: backslashes, control characters and
 * whitespace, and any userinfo (`user@host`, even an empty one). The parser itself normalises
 * decimal, hex, octal and short IPv4 hosts (2130706433, 0x7f000001, 127.1) to dotted form.
 */
export function parseTarget(raw: string, base?: URL): URL {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 8192) throw new SafeFetchError('invalid_url');
  if (raw.includes('\\')) throw new SafeFetchError('refused');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) throw new SafeFetchError('invalid_url');
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new SafeFetchError('invalid_url');
  }
  if (!SCHEMES.has(url.protocol)) throw new SafeFetchError('refused');
  if (url.username || url.password || authorityOf(raw).includes('@')) throw new SafeFetchError('refused');
  if (!url.hostname) throw new SafeFetchError('invalid_url');
  return url;
}

/** The raw authority of an absolute URL ('' for a relative redirect target, which has none). */
function authorityOf(raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw) ?? /^\/\/([^/?#]*)/.exec(raw);
  return m?.[1] ?? '';
}

/** The URL's host without IPv6 brackets, as DNS or an address parser wants it. */
export function hostOf(url: URL): string {
  const h = url.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever DNS says. */
export function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}
