import { ADMIN_VENDORS_MSG as V, type AdminVendorItem, type AdminVendorSave, type AdminVendorStats } from '@wanxiang/contract';

/**
 * The key column: ••••1234 when set (never more of it), 未设置 otherwise; a vendor with a key pair (Kling) shows both,
 * as Access Key ••••1234 / Secret Key 未设置.
 */
export function keyText(v: Pick<AdminVendorItem, 'keySet' | 'keyLast4'> & Partial<Pick<AdminVendorItem, 'pairedSecret' | 'secretKeySet' | 'secretKeyLast4'>>): string {
  const one = (set: boolean, last4: string | null | undefined) => (set ? `••••${last4 ?? ''}` : V.keyNotSet);
  if (!v.pairedSecret) return one(v.keySet, v.keyLast4);
  return `${V.editAccessKey} ${one(v.keySet, v.keyLast4)} / ${V.editSecretKey} ${one(Boolean(v.secretKeySet), v.secretKeyLast4)}`;
}

/** Source tag colours: the console's own values stand out from the environment's. */
export const SOURCE_COLORS: Record<string, string> = { database: 'blue', env: 'green', none: 'default' };

/** 2.5% (of 40 calls); 暂无调用 without calls. */
export function errorRateText(s: AdminVendorStats): string {
  if (s.errorRate === null) return V.noCalls;
  const pct = s.errorRate * 100;
  return `${pct === 0 || pct >= 10 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** Severity of an error rate, for its colour: none under 5 %, warning under 20 %, error above. */
export function errorRateLevel(s: AdminVendorStats): 'ok' | 'warning' | 'error' | 'none' {
  if (s.errorRate === null) return 'none';
  if (s.errorRate < 0.05) return 'ok';
  return s.errorRate < 0.2 ? 'warning' : 'error';
}

function ms(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(1)} 秒` : `${v} 毫秒`;
}

/** 320 毫秒 / 1.2 秒; — without a successful call. */
export function latencyText(s: AdminVendorStats): string {
  if (s.latencyP50Ms === null || s.latencyP95Ms === null) return '—';
  return `${ms(s.latencyP50Ms)} / ${ms(s.latencyP95Ms)}`;
}

export interface VendorForm {
  baseUrl?: string;
  apiKey?: string;
  /** Only for the vendors with a key pair (pairedSecret). */
  secretKey?: string;
}

/**
 * The PUT body of the edit dialog: the base URL when it differs from the one in force, each key only when one was typed
 * (the fields start empty because a key is never shown back; empty means keep it). null: nothing to save.
 */
export function saveBody(v: Pick<AdminVendorItem, 'baseUrl'>, form: VendorForm): AdminVendorSave | null {
  const body: AdminVendorSave = {};
  const baseUrl = form.baseUrl?.trim() ?? '';
  if (baseUrl && baseUrl.replace(/\/+$/, '') !== (v.baseUrl ?? '')) body.baseUrl = baseUrl;
  const apiKey = form.apiKey?.trim() ?? '';
  if (apiKey) body.apiKey = apiKey;
  const secretKey = form.secretKey?.trim() ?? '';
  if (secretKey) body.secretKey = secretKey;
  return body.baseUrl === undefined && body.apiKey === undefined && body.secretKey === undefined ? null : body;
}
