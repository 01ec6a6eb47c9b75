import { abortReason } from './abortable';

/**
 * Answers read with a size cap: a vendor's result download or an operator-configured source. The
 * declared length is checked first, then the bytes as they arrive; past the cap reading stops and
 * the answer is null. Transport errors are thrown as they are (each caller names its own).
 */
export async function readCappedBytes(res: Response, maxBytes: number): Promise<Buffer | null> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      parts.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
  return Buffer.concat(parts);
}

/** The body as UTF-8 text up to `maxBytes`; null when it is larger (not a results page: stop reading). */
export async function readCappedText(res: Response, maxBytes: number): Promise<string | null> {
  return (await readCappedBytes(res, maxBytes))?.toString('utf8') ?? null;
}

/** Why a vendor's result could not be downloaded, in the words the speech, music and video errors share. */
export type ResultDownloadFailure = 'bad_answer' | 'expired' | 'network';

/**
 * Download a vendor's result at once (its URL expires within hours), capped; each vendor family
 * turns a failure into its own error type through `fail`. A non-2xx answer is an expired URL.
 */
export async function downloadVendorResult(
  url: string,
  get: (url: string) => Promise<Response>,
  opts: { maxBytes: number; signal: AbortSignal; fail: (reason: ResultDownloadFailure, detail: string) => Error },
): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw opts.fail('bad_answer', `result URL ${url.slice(0, 200)}`);
  const res = await get(url);
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw opts.fail('expired', `HTTP ${res.status} ${url.slice(0, 200)}`);
  }
  let bytes: Buffer | null;
  try {
    bytes = await readCappedBytes(res, opts.maxBytes);
  } catch (err) {
    if (opts.signal.aborted) throw abortReason(opts.signal);
    throw opts.fail('network', `download: ${(err as Error).message}`);
  }
  if (!bytes) throw opts.fail('bad_answer', 'result too large');
  if (bytes.length === 0) throw opts.fail('bad_answer', 'empty result');
  return bytes;
}
