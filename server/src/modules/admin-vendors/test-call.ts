import { ADMIN_VENDORS_MSG, type AdminVendorTestRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { effectiveCredential, type VendorsContext } from './service';
import type { VendorEntry } from './registry';

/** How long the test waits for the vendor before it answers a timeout. */
export const TEST_TIMEOUT_MS = 10_000;
/** Most characters of the vendor's own error text passed on. */
const DETAIL_MAX = 160;

export type TestContext = VendorsContext & Pick<AppContext, 'catalog'>;

/**
 * Call the vendor once with the settings in force (the console's, else the environment's) and say how it went. The
 * cheapest call that proves the key: a 1-token completion with one of the vendor's catalog models (every chat vendor
 * has it; not all have /models), else GET {base}/models; keyless services a GET of their status path. The key goes
 * only into the Authorization header; any text answered back is cleaned of it.
 */
export async function testVendor(ctx: TestContext, entry: VendorEntry, timeoutMs = TEST_TIMEOUT_MS): Promise<AdminVendorTestRes> {
  const probe = entry.probe;
  if (!probe) return { ok: false, latencyMs: 0, message: ADMIN_VENDORS_MSG.adminVendorTestNoTest, status: null };
  const { baseUrl, apiKey } = effectiveCredential(ctx, entry);
  const configured = entry.activation === 'apiKey' ? Boolean(apiKey && baseUrl) : Boolean(baseUrl);
  if (!configured || !baseUrl) return { ok: false, latencyMs: 0, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured, status: null };

  const base = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  let url: string;
  let init: RequestInit = { method: 'GET', headers };
  const model = probe === 'openai' && entry.kind === 'chat' ? ctx.catalog.models().find((m) => m.vendor === entry.id) : undefined;
  if (probe === 'openai' && model) {
    url = `${base}/chat/completions`;
    headers['content-type'] = 'application/json';
    init = { method: 'POST', headers, body: JSON.stringify({ model: model.upstreamModel, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1, stream: false }) };
  } else {
    url = probe === 'openai' ? `${base}/models` : `${base}${probe.get}`;
  }

  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    const message = timedOut ? ADMIN_VENDORS_MSG.adminVendorTestTimeout(Math.round(timeoutMs / 1000)) : ADMIN_VENDORS_MSG.adminVendorTestUnreachable;
    return { ok: false, latencyMs: elapsed(), message, status: null };
  }
  const latencyMs = elapsed();
  const status = res.status;
  if (status === 401 || status === 403) return { ok: false, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestUnauthorized(status), status };
  if (status === 429) return { ok: false, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestRateLimited, status };
  if (status < 200 || status >= 300) return { ok: false, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestHttp(status, vendorDetail(text, apiKey)), status };
  if (probe === 'openai' && !isJsonObject(text)) return { ok: false, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestBadAnswer, status };
  return { ok: true, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestOk(latencyMs), status };
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

/** The vendor's own error text (OpenAI's error.message, else the body), short, without the key or control characters. */
export function vendorDetail(text: string, apiKey: string | undefined): string {
  let detail = text;
  try {
    const v = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof v.error === 'string' ? v.error : (v.error?.message ?? v.message);
    if (typeof m === 'string') detail = m;
  } catch {
    // not JSON: the body as it is
  }
  if (apiKey) detail = detail.split(apiKey).join('••••');
  // Control characters would break the toast's single line.
  detail = [...detail].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('').replace(/ +/g, ' ').trim();
  return detail.length > DETAIL_MAX ? `${detail.slice(0, DETAIL_MAX)}…` : detail;
}
