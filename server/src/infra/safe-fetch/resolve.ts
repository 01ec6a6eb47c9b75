import { lookup as dnsLookup } from 'node:dns/promises';
import { isPublicAddress, normaliseHost, parseAddress, type AllowList } from './address';
import { SafeFetchError } from './errors';
import { isLocalhostName } from './target';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS for the safe fetch: every A and AAAA answer of a name. Injectable so tests can fake answers. */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: Lookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Decide where to connect for `host`: the literal itself, or the first DNS answer after
 * checking ALL answers, so a name with one public and one private record is refused rather
 * than raced. Resolved once; the caller pins the connection to the returned address.
 */
export async function resolveChecked(host: string, allow: AllowList, lookup: Lookup, signal: AbortSignal): Promise<ResolvedAddress> {
  const literal = parseAddress(host);
  if (literal) {
    if (!allow.addressAllowed(literal) && !isPublicAddress(literal)) throw new SafeFetchError('refused');
    return { address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 };
  }
  const name = normaliseHost(host);
  const trustedName = allow.hostAllowed(name);
  if (!trustedName && isLocalhostName(name)) throw new SafeFetchError('refused');

  const answers = await withSignal(lookup(name), signal).catch((err: unknown) => {
    if (err instanceof SafeFetchError) throw err;
    throw new SafeFetchError('dns');
  });
  if (answers.length === 0) throw new SafeFetchError('dns');
  const parsed = answers.map((a) => parseAddress(a.address));
  for (const addr of parsed) {
    if (!addr) throw new SafeFetchError('dns');
    if (!trustedName && !allow.addressAllowed(addr) && !isPublicAddress(addr)) throw new SafeFetchError('refused');
  }
  const first = parsed[0]!;
  return { address: first.toString(), family: first.kind() === 'ipv4' ? 4 : 6 };
}

/** Reject with a timeout error as soon as the fetch's deadline passes, even mid-lookup. */
function withSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new SafeFetchError('timeout'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SafeFetchError('timeout'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
