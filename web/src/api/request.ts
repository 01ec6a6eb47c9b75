import { LIMITS, LOGOUT_CODES, MSG, Code } from '@wanxiang/contract';
import { emitSessionExpired, openLoginDialog } from '../app-events';
import { feedback } from '../components/feedback/holder';

/**
 * The one place that knows the API's headers, envelope, timeouts and session expiry
 * (docs/product/requests-and-errors.md §4, §8, §7, API.md). Everything under src/api/ goes through here.
 */

/** A failed call: the envelope's code and message (or 504 for network/timeout). */
export class RequestError extends Error {
  readonly code: number;
  readonly msg: string;
  /** The whole answer body, when there was one (403 callers read it). */
  readonly body: unknown;

  constructor(code: number, msg: string, body: unknown = null) {
    super(msg);
    this.name = 'RequestError';
    this.code = code;
    this.msg = msg;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /** No notices; the caller shows its own message. Session expiry is still handled. */
  silent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Do not log out / open the login dialog on 401 (logout itself uses this). */
  ignoreAuthExpiry?: boolean;
  /** Call as this session instead of the stored one (revoking a session the page never adopted). */
  sessionToken?: string;
}

/** Sent as the `app-name` header. */
export const APP_NAME = 'wanxiang';
/** HTTP 401 waits this long before opening the login dialog, so the warning is read first. */
export const LOGIN_DIALOG_DELAY_MS = 1000;

export interface SessionHeaders {
  token: string;
  accessToken: string;
  uid: string;
}

// The user store registers itself here; importing it would make a cycle (store -> api -> request).
let sessionSource: () => SessionHeaders | null = () => null;

export function setSessionSource(source: () => SessionHeaders | null): void {
  sessionSource = source;
}

/** Headers every call carries (token, access-token, uid, app-name); the stream client uses them too. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'app-name': APP_NAME };
  const session = sessionSource();
  if (session?.token) {
    headers.token = session.token;
    if (session.accessToken) headers['access-token'] = session.accessToken;
    if (session.uid) headers.uid = session.uid;
  }
  return headers;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

interface EnvelopeLike {
  code: number;
  msg?: string;
  message?: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is EnvelopeLike {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function expireSession(delayMs: number): void {
  emitSessionExpired();
  if (delayMs > 0) setTimeout(openLoginDialog, delayMs);
  else openLoginDialog();
}

function fail(code: number, msg: string, body: unknown, opts: RequestOptions): never {
  if (!opts.silent) feedback().notifyError(MSG.errorTitle, msg);
  throw new RequestError(code, msg, body);
}

/** Turn an answer into data or a RequestError, with the spec's side effects. */
function settle<T>(status: number, body: unknown, opts: RequestOptions): T {
  if (status === 401 && !opts.ignoreAuthExpiry) {
    if (!opts.silent) feedback().warn(MSG.loginExpiredRelogin);
    expireSession(LOGIN_DIALOG_DELAY_MS);
    throw new RequestError(Code.UNAUTHORIZED, MSG.loginInvalid, body);
  }
  if (!isEnvelope(body)) {
    fail(status === 200 ? Code.INTERNAL : status, MSG.requestFailed, body, opts);
  }
  if (body.code === Code.OK) return body.data as T;
  if (LOGOUT_CODES.includes(body.code)) {
    if (!opts.ignoreAuthExpiry) expireSession(0);
    throw new RequestError(body.code, MSG.loginInvalid, body);
  }
  const msg = body.msg || body.message || MSG.requestFailed;
  // 403 hands the caller the whole body (it may carry data for an upsell dialog): no notice.
  if (body.code === Code.FORBIDDEN) throw new RequestError(body.code, msg, body);
  return fail(body.code, msg, body, opts);
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  // Headers are read now, synchronously: logout clears the session right after starting its call.
  const session = opts.sessionToken ? { 'app-name': APP_NAME, token: opts.sessionToken } : authHeaders();
  const headers: Record<string, string> = { Accept: 'application/json', ...session };
  let payload: BodyInit | undefined;
  if (opts.body instanceof FormData) payload = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? LIMITS.requestTimeoutMs);
  const onCallerAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) onCallerAbort();
  else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let status: number;
  let body: unknown;
  try {
    const res = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = res.status;
    body = await readBody(res);
  } catch (err) {
    if (timedOut) return fail(504, MSG.timeout, null, opts);
    // The caller cancelled: not an error to show, hand the abort back as it came.
    if (opts.signal?.aborted) throw err;
    if (!opts.silent) feedback().notifyError(MSG.networkErrorTitle, MSG.networkError);
    throw new RequestError(504, MSG.networkError);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
  return settle<T>(status, body, opts);
}

export function get<T>(path: string, query?: Record<string, QueryValue>, opts: Omit<RequestOptions, 'method' | 'query'> = {}): Promise<T> {
  return request<T>(path, { ...opts, method: 'GET', query });
}

export function post<T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return request<T>(path, { ...opts, method: 'POST', body: body ?? {} });
}
