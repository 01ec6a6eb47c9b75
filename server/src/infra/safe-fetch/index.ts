import { parseAllowList } from './address';
import { SafeFetchError } from './errors';
import { sendPinned } from './hop';
import { resolveChecked, systemLookup, type Lookup } from './resolve';
import { hostOf, parseTarget } from './target';

export { SafeFetchError, type SafeFetchReason } from './errors';
export type { Lookup, ResolvedAddress } from './resolve';
export { createSafeStreamFetch, type StreamFetch, type SafeStreamFetchOptions } from './stream-fetch';

/** Fetch for user-supplied URLs: SSRF-checked, DNS pinned, redirects re-checked, byte and time caps. */
export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Largest decoded body accepted (default 2 MB); reading stops as soon as it is passed. */
  maxBytes?: number;
  /** Deadline for the whole exchange, DNS and redirects included (default 10 s). */
  timeoutMs?: number;
  /** At most this many redirects are followed (default and ceiling 3). */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Return 4xx/5xx answers instead of failing with reason 'http' (API clients that read error bodies). */
  acceptErrorStatus?: boolean;
}

export interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type SafeFetch = (url: string, opts?: SafeFetchOptions) => Promise<SafeResponse>;

export interface CreateSafeFetchOptions {
  /** Operator-trusted hosts and CIDRs (SSRF_ALLOW); everything else must be public unicast. */
  allow: string[];
  /** DNS resolution (all A and AAAA answers); the system resolver by default. */
  lookup?: Lookup;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;

/** Headers that may follow a redirect to another origin; credentials and API keys never do. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'content-type']);
/** Headers the caller may not set: the Host must match the checked URL, framing is undici's. */
const FORBIDDEN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade']);

/**
 * The one function every user-supplied URL goes through. Each hop (the first request and every
 * redirect) is parsed, its host resolved once, every answer checked, and the connection pinned
 * to the checked address. Errors are SafeFetchError with a fixed Chinese message.
 */
export function createSafeFetch(options: CreateSafeFetchOptions): SafeFetch {
  const allow = parseAllowList(options.allow);
  const lookup = options.lookup ?? systemLookup;

  return async (rawUrl, opts = {}) => {
    const maxBytes = opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
    const maxRedirects = Math.min(opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects, SAFE_FETCH_DEFAULTS.maxRedirects);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new SafeFetchError('timeout')), opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
    const onCallerAbort = () => deadline.abort(new SafeFetchError('network'));
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    if (opts.signal?.aborted) onCallerAbort();

    let method = opts.method ?? 'GET';
    let body = opts.body;
    let headers = cleanHeaders(opts.headers);
    try {
      let url = parseTarget(rawUrl);
      for (let redirects = 0; ; redirects++) {
        const pinned = await resolveChecked(hostOf(url), allow, lookup, deadline.signal);
        const hop = await sendPinned(url, pinned, { method, headers, body, maxBytes, signal: deadline.signal });
        if (hop.kind === 'response') {
          if (hop.status >= 400 && !opts.acceptErrorStatus) throw new SafeFetchError('http', hop.status);
          return { url: url.toString(), status: hop.status, headers: hop.headers, body: hop.body };
        }
        if (redirects >= maxRedirects) throw new SafeFetchError('refused');
        const next = parseTarget(hop.location, url);
        if (next.origin !== url.origin) headers = crossOriginHeaders(headers);
        // As browsers do: 303, and 301/302 after a POST, continue as a body-less GET.
        if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
      }
    } catch (err) {
      throw toSafeFetchError(err, deadline.signal);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }
  };
}

/**
 * Check a user-supplied URL when it is saved (custom provider base URL, MCP server...), by the
 * same rules as fetching, without connecting. Fetching checks again: DNS may change in between.
 */
export async function checkUserUrl(rawUrl: string, options: CreateSafeFetchOptions & { timeoutMs?: number }): Promise<URL> {
  const url = parseTarget(rawUrl);
  const signal = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  await resolveChecked(hostOf(url), parseAllowList(options.allow), options.lookup ?? systemLookup, signal);
  return url;
}

function cleanHeaders(input: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input ?? {})) {
    const key = k.toLowerCase();
    if (!FORBIDDEN_HEADERS.has(key)) out[key] = v;
  }
  return out;
}

function crossOriginHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k)));
}

/**
 * Map anything thrown to a SafeFetchError. Undici's own errors are not passed on as causes:
 * their text can quote what the remote end said.
 */
function toSafeFetchError(err: unknown, deadline: AbortSignal): SafeFetchError {
  if (deadline.aborted && deadline.reason instanceof SafeFetchError) return deadline.reason;
  if (err instanceof SafeFetchError) return err;
  return new SafeFetchError('network');
}
