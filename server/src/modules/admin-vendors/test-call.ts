import { ADMIN_VENDORS_MSG, type AdminVendorTestRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { klingPlan, minimaxPlan, speechProbe, sunoPlan, type HttpPlan } from './backend-probes';
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
 * has it; not all have /models), else GET {base}/models; keyless services a GET of their status path; the backend
 * vendors a free call of their own protocol (backend-probes.ts: Kling's task list, MiniMax's file list, a relay's fetch)
 * or, for speech, two characters through the adapter. The keys go only into the Authorization header (Kling: its JWT);
 * any text answered back is cleaned of them.
 */
export async function testVendor(ctx: TestContext, entry: VendorEntry, timeoutMs = TEST_TIMEOUT_MS): Promise<AdminVendorTestRes> {
  const probe = entry.probe;
  // The speech adapter knows its own default base URL per protocol (TTS_PROVIDER).
  if (probe === 'speech') return speechProbe(ctx, timeoutMs, entry.id);
  const { baseUrl, apiKey, secretKey } = effectiveCredential(ctx, entry);
  const configured = entry.activation === 'apiKey' ? Boolean(apiKey && baseUrl && (!entry.pairedSecret || secretKey)) : Boolean(baseUrl);
  if (!configured || !baseUrl) return { ok: false, latencyMs: 0, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured, status: null };
  const base = baseUrl.replace(/\/+$/, '');
  const plan =
    probe === 'kling'
      ? klingPlan(base, apiKey ?? '', secretKey ?? '')
      : probe === 'minimax'
        ? minimaxPlan(base, apiKey ?? '')
        : probe === 'suno'
          ? sunoPlan(base, apiKey)
          : openAiOrGetPlan(ctx, entry, base, apiKey);

  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let res: Response;
  let text: string;
  try {
    res = await fetch(plan.url, { ...plan.init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
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
  const secrets = [apiKey, secretKey].filter((k): k is string => Boolean(k));
  if (status < 200 || status >= 300) return { ok: false, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestHttp(status, vendorDetail(text, secrets)), status };
  const failure = plan.judge?.(text) ?? null;
  if (failure) return { ok: false, latencyMs, message: failure, status };
  return { ok: true, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestOk(latencyMs), status };
}

/** OpenAI-compatible: a 1-token completion with a chat vendor's catalog model, else GET /models; or a keyless status GET. */
function openAiOrGetPlan(ctx: TestContext, entry: VendorEntry, base: string, apiKey: string | undefined): HttpPlan {
  const probe = entry.probe;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  if (probe !== 'openai') return { url: `${base}${typeof probe === 'object' ? probe.get : ''}`, init: { method: 'GET', headers } };
  const judge = (text: string) => (isJsonObject(text) ? null : ADMIN_VENDORS_MSG.adminVendorTestBadAnswer);
  const model = entry.kind === 'chat' ? ctx.catalog.models().find((m) => m.vendor === entry.id) : undefined;
  if (!model) return { url: `${base}/models`, init: { method: 'GET', headers }, judge };
  headers['content-type'] = 'application/json';
  return {
    url: `${base}/chat/completions`,
    init: { method: 'POST', headers, body: JSON.stringify({ model: model.upstreamModel, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1, stream: false }) },
    judge,
  };
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

/** The vendor's own error text (OpenAI's error.message, else the body), short, without the keys or control characters. */
export function vendorDetail(text: string, secrets: string | undefined | readonly string[]): string {
  let detail = text;
  try {
    const v = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof v.error === 'string' ? v.error : (v.error?.message ?? v.message);
    if (typeof m === 'string') detail = m;
  } catch {
    // not JSON: the body as it is
  }
  for (const secret of typeof secrets === 'string' ? [secrets] : (secrets ?? [])) if (secret) detail = detail.split(secret).join('••••');
  // Control characters would break the toast's single line.
  detail = [...detail].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('').replace(/ +/g, ' ').trim();
  return detail.length > DETAIL_MAX ? `${detail.slice(0, DETAIL_MAX)}…` : detail;
}
