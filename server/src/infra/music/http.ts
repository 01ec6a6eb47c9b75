import { abortReason } from '../abortable';
import { downloadVendorResult } from '../read-capped';
import { MusicError, type MusicHttp } from './types';

/**
 * HTTP plumbing of the music adapters: every call carries the job's signal plus a timeout, and a
 * result URL is downloaded the moment a vendor names it, with a size cap (vendor URLs expire,
 * some after a single download).
 */

/** Largest audio or picture we take from a vendor. */
export const MUSIC_MAX_DOWNLOAD_BYTES = 60 * 1024 * 1024;

export { abortReason, sleep } from '../abortable';

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
export function downloadNow(http: MusicHttp, url: string, signal: AbortSignal): Promise<Buffer> {
  return downloadVendorResult(url, (u) => musicFetch(http, u, { method: 'GET' }, signal), { maxBytes: MUSIC_MAX_DOWNLOAD_BYTES, signal, fail: (reason, detail) => new MusicError(reason, detail) });
}
