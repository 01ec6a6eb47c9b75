import { readCappedBytes } from '../read-capped';
import { SpeechError } from './types';

/**
 * HTTP plumbing of the speech vendors: every call has a deadline and the caller's signal, a
 * transport failure or a timeout becomes a SpeechError with its reason, a vendor's HTTP refusal is
 * mapped by status (401/403 = our key, 429 = its quota or rate, else the vendor failing), and audio
 * answers are read with a size cap. The job's own cancellation is passed through unchanged.
 */

export interface SpeechHttp {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Largest audio answer we accept (10 minutes of 320 kbps MP3 is ~24 MB). */
export const MAX_AUDIO_BYTES = 30 * 1024 * 1024;

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

export async function speechFetch(http: SpeechHttp, path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const url = /^https?:\/\//.test(path) ? path : joinUrl(http.baseUrl, path);
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');
  const timeout = AbortSignal.timeout(http.timeoutMs);
  try {
    return await (http.fetch ?? fetch)(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (err) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : err;
    if (timeout.aborted) throw new SpeechError('timeout', `${path}: timeout ${http.timeoutMs} ms`);
    throw new SpeechError('network', `${path}: ${(err as Error).message}`);
  }
}

/** A refusal by HTTP status as a SpeechError (message for logs only). */
export function httpFailure(status: number, detail: string): SpeechError {
  const msg = `HTTP ${status} ${detail}`.slice(0, 400);
  if (status === 401 || status === 403) return new SpeechError('auth', msg, status);
  if (status === 429) return new SpeechError('rate_limited', msg, status);
  if (status === 400 || status === 422) return new SpeechError('rejected', msg, status);
  return new SpeechError('upstream', msg, status);
}

/** The body as text (for refusals), bounded. */
export async function bodyText(res: Response): Promise<string> {
  return (await res.text().catch(() => '')).slice(0, 400);
}

/** A JSON answer; a body that is not JSON is an answer we cannot read. */
export async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text().catch((err: Error) => {
    throw new SpeechError('network', err.message);
  });
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object') return json as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new SpeechError('bad_answer', `HTTP ${res.status}: ${text.slice(0, 200)}`);
}

/** An audio body, at most MAX_AUDIO_BYTES. */
export async function readAudio(res: Response): Promise<Buffer> {
  let bytes: Buffer | null;
  try {
    bytes = await readCappedBytes(res, MAX_AUDIO_BYTES);
  } catch (err) {
    throw new SpeechError('network', (err as Error).message);
  }
  if (!bytes) throw new SpeechError('bad_answer', 'audio too large');
  if (bytes.length < 64) throw new SpeechError('bad_answer', `audio of ${bytes.length} bytes`);
  return bytes;
}

/** What the bytes are, from their first bytes (vendors label answers loosely). */
export function audioMime(bytes: Buffer): 'audio/mpeg' | 'audio/wav' {
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' ? 'audio/wav' : 'audio/mpeg';
}
