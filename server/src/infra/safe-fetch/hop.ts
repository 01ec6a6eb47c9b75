import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Readable } from 'node:stream';
import { Client } from 'undici';
import type { IncomingHttpHeaders } from 'undici/types/header';
import { ACCEPT_ENCODING, readCapped } from './body';
import { SafeFetchError } from './errors';
import type { ResolvedAddress } from './resolve';

export interface HopRequest {
  method: 'GET' | 'HEAD' | 'POST';
  headers: Record<string, string>;
  body?: string;
  maxBytes: number;
  signal: AbortSignal;
}

export type HopResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'response'; status: number; headers: Record<string, string>; body: Buffer };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One HTTP exchange with the connection pinned to the address that was checked: the socket's
 * DNS lookup is replaced by one that returns only `pinned`, so a second resolution (DNS
 * rebinding) cannot happen, while undici still sends the URL's Host header and TLS servername.
 * A redirect's body is discarded unread.
 */
export async function sendPinned(url: URL, pinned: ResolvedAddress, req: HopRequest): Promise<HopResult> {
  const client = new Client(url.origin, {
    connect: { lookup: pinnedLookup(pinned) },
    // No pooling: each hop is its own connection to its own checked address.
    pipelining: 0,
  });
  try {
    const res = await client.request({
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers: { 'accept-encoding': ACCEPT_ENCODING, ...req.headers },
      body: req.body ?? null,
      signal: req.signal,
      reset: true,
    });
    const headers = flatten(res.headers);
    const location = headers.location;
    if (REDIRECTS.has(res.statusCode) && location) {
      discard(res.body);
      return { kind: 'redirect', status: res.statusCode, location };
    }
    const contentLength = Number(headers['content-length']);
    if (Number.isFinite(contentLength) && contentLength > req.maxBytes && !headers['content-encoding']) {
      discard(res.body);
      throw new SafeFetchError('too_large');
    }
    const body = req.method === 'HEAD' ? Buffer.alloc(0) : await readCapped(res.body, headers['content-encoding'], req.maxBytes);
    // The body is returned decoded, so the headers that described the wire form no longer apply.
    delete headers['content-encoding'];
    delete headers['content-length'];
    return { kind: 'response', status: res.statusCode, headers, body };
  } finally {
    client.destroy().catch(() => undefined);
  }
}

/** Close a body unread; the abort error that destroying it emits is expected, not a fault. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function pinnedLookup(pinned: ResolvedAddress) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
