import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { parseAllowList, type AllowList } from './address';
import { SafeFetchError } from './errors';
import { resolveChecked, systemLookup, type Lookup } from './resolve';
import { hostOf, parseTarget } from './target';

/**
 * A WHATWG `fetch` for user-supplied URLs whose answers stream (a custom provider's chat
 * completions, an MCP server's streamable HTTP): the same SSRF rules as `safeFetch`, but the
 * body is handed back unread. The URL is checked before sending, and every connection the
 * shared agent opens resolves its host through the checked lookup, so the socket goes to an
 * address that passed the rules (no second, unchecked DNS answer). Redirects are followed by
 * hand (at most 3), each re-checked; credentials never follow a redirect to another origin.
 */
export type StreamFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'content-type']);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export interface SafeStreamFetchOptions {
  /** Operator-trusted hosts and CIDRs (SSRF_ALLOW). */
  allow: string[];
  lookup?: Lookup;
  connectTimeoutMs?: number;
}

export function createSafeStreamFetch(options: SafeStreamFetchOptions): StreamFetch {
  const allow: AllowList = parseAllowList(options.allow);
  const lookup: Lookup = options.lookup ?? systemLookup;
  const checkedLookup = (hostname: string, opts: LookupOptions, callback: LookupCallback): void => {
    resolveChecked(hostname, allow, lookup, AbortSignal.timeout(options.connectTimeoutMs ?? 10_000)).then(
      (pinned) => {
        if (opts.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
        else callback(null, pinned.address, pinned.family);
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, ''),
    );
  };
  const agent = new Agent({ connect: { lookup: checkedLookup, timeout: options.connectTimeoutMs ?? 10_000 }, keepAliveTimeout: 30_000 });

  return async (input, init = {}) => {
    let url = parseTarget(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let headers = new Headers(init.headers);
    for (let redirects = 0; ; redirects++) {
      // IP literals never reach the agent's lookup: check every target here as well.
      await resolveChecked(hostOf(url), allow, lookup, init.signal ?? AbortSignal.timeout(10_000));
      let res: Response;
      try {
        res = (await undiciFetch(url, {
          method,
          headers,
          body,
          signal: init.signal,
          redirect: 'manual',
          dispatcher: agent,
          // A streamed request body (rare here) needs the half-duplex flag.
          ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
        } as unknown as UndiciRequestInit)) as unknown as Response;
      } catch (err) {
        if (init.signal?.aborted) throw err;
        throw causeOf(err) ?? new SafeFetchError('network');
      }
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || !location) return res;
      await res.body?.cancel().catch(() => undefined);
      if (redirects >= MAX_REDIRECTS) throw new SafeFetchError('refused');
      const next = parseTarget(location, url);
      if (next.origin !== url.origin) headers = crossOrigin(headers);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
  };
}

function crossOrigin(headers: Headers): Headers {
  const out = new Headers();
  headers.forEach((v, k) => {
    if (CROSS_ORIGIN_HEADERS.has(k.toLowerCase())) out.set(k, v);
  });
  return out;
}

/** A refusal raised inside the agent's lookup surfaces as the fetch error's cause. */
function causeOf(err: unknown): SafeFetchError | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (e instanceof SafeFetchError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
