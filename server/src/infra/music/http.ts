import { MusicError, type MusicHttp } from './types';

/**
 * HTTP plumbing of the music adapters: every call carries the job's signal plus a timeout, and a
 * result URL is downloaded the moment a vendor names it, with a size cap (vendor URLs expire,
 * some after a single download).
 */

/** Largest audio or picture we take from a vendor. */
export const MUSIC_MAX_DOWNLOAD_BYTES = 60 * 1024 * 1024;

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function musicFetch(http: MusicHttp, url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) throw abortReason(signal);
  const timeout = AbortSignal.timeout(http.timeoutMs);
  try {
    return await http.fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
  } catch (err) {
    if (signal.aborted) throw abortReason(signal);
    throw new MusicError('network', `${url}: ${timeout.aborted ? 'timeout' : (err as Error).message}`);
  }
}

/** An HTTP refusal as the error kind its status means. */
export function statusError(status: number, what: string): MusicError {
  if (status === 401 || status === 403 || status === 402) return new MusicError('auth', `${what}: HTTP ${status}`);
  if (status === 400 || status === 422) return new MusicError('refused', `${what}: HTTP ${status}`);
  return new MusicError('failed', `${what}: HTTP ${status}`);
}

export async function readJson(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw statusError(res.status, `${what} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new MusicError('bad_answer', `${what}: not JSON: ${text.slice(0, 200)}`);
  }
}

/** Download a result now, at most MUSIC_MAX_DOWNLOAD_BYTES; a refused download means the URL expired. */
export async function downloadNow(http: MusicHttp, url: string, signal: AbortSignal): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw new MusicError('bad_answer', `result URL ${url.slice(0, 200)}`);
  const res = await musicFetch(http, url, { method: 'GET' }, signal);
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new MusicError('expired', `HTTP ${res.status} ${url.slice(0, 200)}`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > MUSIC_MAX_DOWNLOAD_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new MusicError('bad_answer', 'result too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      size += next.value.byteLength;
      if (size > MUSIC_MAX_DOWNLOAD_BYTES) throw new MusicError('bad_answer', 'result too large');
      chunks.push(Buffer.from(next.value));
    }
  } catch (err) {
    await reader?.cancel().catch(() => {});
    if (err instanceof MusicError) throw err;
    if (signal.aborted) throw abortReason(signal);
    throw new MusicError('network', `download: ${(err as Error).message}`);
  }
  if (size === 0) throw new MusicError('bad_answer', 'empty result');
  return Buffer.concat(chunks);
}
