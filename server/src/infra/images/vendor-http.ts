import { abortReason } from '../abortable';
import { ImageError } from './types';

export { abortReason, sleep } from '../abortable';

/**
 * HTTP plumbing shared by the image vendor adapters: every call carries the job's signal and a
 * timeout, a transport failure becomes ImageError 'network', and a vendor's HTTP refusal becomes
 * the reason the task's Chinese message is chosen by (key refused, content refused, vendor broke).
 * The job's own cancellation is never turned into an ImageError: the task engine sees its abort.
 */

export interface VendorHttp {
  fetch: typeof fetch;
  /** Longest one request may take (IMAGE_TIMEOUT_MS). */
  timeoutMs: number;
}


/** One request to a vendor: the job's signal plus a timeout; transport failures answer ImageError('network'). */
export async function vendorFetch(
  http: VendorHttp,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  timeoutMs = http.timeoutMs,
): Promise<Response> {
  if (signal.aborted) throw abortReason(signal);
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await http.fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
  } catch (err) {
    if (signal.aborted) throw abortReason(signal);
    if (timeout.aborted) throw new ImageError('network', '图片服务响应超时，请稍后再试', `${url}: timeout ${timeoutMs} ms`);
    throw new ImageError('network', '无法连接图片服务，请稍后再试', `${url}: ${(err as Error).message}`);
  }
}

/** The body as JSON; anything else is an answer we cannot read. */
export async function readJson(res: Response, signal: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (signal.aborted) throw abortReason(signal);
    throw new ImageError('network', '图片服务连接中断，请稍后再试', (err as Error).message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImageError('bad_answer', '图片服务返回了无法识别的结果', `HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
}

/**
 * A vendor's answer: the JSON body of a 2xx, or its refusal (any status) as an ImageError. A
 * refusal whose body is not JSON (a proxy's HTML page) still maps by its status.
 */
export async function readAnswer(res: Response, signal: AbortSignal, contentCodes: readonly string[]): Promise<unknown> {
  let json: unknown = null;
  try {
    json = await readJson(res, signal);
  } catch (err) {
    if (res.ok || !(err instanceof ImageError) || err.reason !== 'bad_answer') throw err;
  }
  if (!res.ok) throw httpFailure(res.status, json, contentCodes);
  return json;
}

/** Error code and message from the usual vendor error bodies: {error:{code,message}} or {code,message}. */
export function vendorErrorOf(body: unknown): { code: string; message: string } {
  const b = (body ?? {}) as Record<string, unknown>;
  const inner = (typeof b.error === 'object' && b.error !== null ? b.error : b) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return { code: str(inner.code) || str(inner.type), message: str(inner.message) || str(b.message) };
}

/** Words vendors use when their safety review refused a prompt or a picture. */
const CONTENT_WORDS = /content[_ ]policy|safety system|moderation_blocked|sensitive|inspection|不安全|敏感|违规|违禁/i;

/**
 * An HTTP refusal as an ImageError. `contentCodes` are the vendor's own codes for a safety refusal
 * (any status); besides them a safety wording in a 400 counts too. 401/403/429 refuse our key or
 * its quota; everything else (5xx, other 4xx) is the vendor failing.
 */
export function httpFailure(status: number, body: unknown, contentCodes: readonly string[]): ImageError {
  const { code, message } = vendorErrorOf(body);
  const detail = `HTTP ${status} ${code} ${message}`.slice(0, 500);
  if (contentCodes.includes(code) || ((status === 400 || status === 422) && CONTENT_WORDS.test(`${code} ${message}`))) {
    return new ImageError('content_refused', '内容未通过图片服务的安全审核，请修改描述或图片后再试', detail);
  }
  if (status === 401 || status === 403)
    return new ImageError('vendor_refused', '图片服务拒绝了请求（密钥无效或无权限），请联系管理员', detail);
  if (status === 429) return new ImageError('vendor_refused', '图片服务额度不足或请求过于频繁，请稍后再试', detail);
  return new ImageError('vendor_failed', '图片服务处理失败，请稍后再试', detail);
}

/** A vendor code that names a safety refusal (task failures that carry no HTTP status). */
export function isContentCode(code: string, message: string, contentCodes: readonly string[]): boolean {
  return contentCodes.includes(code) || CONTENT_WORDS.test(`${code} ${message}`);
}
