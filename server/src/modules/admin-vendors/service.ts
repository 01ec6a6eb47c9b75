import { ADMIN_VENDORS_MSG, type AdminVendorItem, type AdminVendorListRes, type AdminVendorSave, type VendorSource } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { writeAudit, type AuditActor } from '../admin/audit';
import { KeyBox, loadKeySecret } from '../providers/key-box';
import { selectVendorRowForUpdate, writeVendorRow, type VendorSettingRow } from '../../infra/vendor-settings/store';
import { STATS_WINDOW_MS } from '../../infra/vendor-settings/stats';
import { callKey } from '../../infra/vendor-settings/recorded';
import { VENDOR_ENTRIES, vendorEntry, type VendorEntry } from './registry';

export type VendorsContext = Pick<AppContext, 'config' | 'database' | 'vendorSettings' | 'vendorCalls'>;

/** What an audit row and the page may show of a key: whether it is set and its last 4 characters. */
export function maskKey(key: string | undefined | null): string | null {
  if (!key) return null;
  return `••••${last4(key)}`;
}

export function last4(key: string): string {
  return key.length >= 8 ? key.slice(-4) : '';
}

/** The entry of `id`, or the Chinese 400 every route answers for a vendor the product does not know. */
export function entryOf(id: string): VendorEntry {
  const entry = vendorEntry(id);
  if (!entry) throw badRequest(ADMIN_VENDORS_MSG.adminVendorIdInvalid);
  return entry;
}

/** The values a vendor is called with now: the console's over the environment's, field by field. */
export function effectiveCredential(ctx: VendorsContext, entry: VendorEntry): { baseUrl?: string; apiKey?: string; secretKey?: string } {
  const env = entry.env(ctx.config);
  const saved = entry.editable ? ctx.vendorSettings.savedOf(entry.id) : undefined;
  return {
    baseUrl: saved?.baseUrl ?? env.baseUrl ?? entry.defaultBaseUrl,
    apiKey: saved?.apiKey ?? env.apiKey,
    secretKey: entry.pairedSecret ? (saved?.secretKey ?? env.secretKey) : undefined,
  };
}

/** The last 4 characters the page may show of a key in force: the saved row's, else the environment's. */
function shownLast4(inForce: string | undefined, saved: string | undefined, savedLast4: string | undefined): string | null {
  if (!inForce) return null;
  return saved !== undefined ? (savedLast4 ?? '') : last4(inForce);
}

export function vendorItem(ctx: VendorsContext, entry: VendorEntry): AdminVendorItem {
  const saved = entry.editable ? ctx.vendorSettings.savedOf(entry.id) : undefined;
  const cred = effectiveCredential(ctx, entry);
  const configured = entry.activation === 'apiKey' ? Boolean(cred.apiKey && (!entry.pairedSecret || cred.secretKey)) : Boolean(entry.env(ctx.config).baseUrl ?? saved?.baseUrl);
  const source: VendorSource = saved ? 'database' : configured ? 'env' : 'none';
  return {
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    source,
    baseUrl: cred.baseUrl ?? null,
    defaultBaseUrl: entry.defaultBaseUrl ?? null,
    keySet: Boolean(cred.apiKey),
    keyLast4: shownLast4(cred.apiKey, saved?.apiKey, saved?.keyLast4),
    activation: entry.activation,
    pairedSecret: entry.pairedSecret,
    secretKeySet: Boolean(cred.secretKey),
    secretKeyLast4: shownLast4(cred.secretKey, saved?.secretKey, saved?.secretLast4),
    editable: entry.editable,
    testable: true,
    updatedAt: saved ? saved.updatedAt.toISOString() : null,
    updatedBy: saved?.updatedBy ?? null,
    // The backends' calls are kept apart from the same company's chat calls (a picture takes far longer than a token).
    stats: ctx.vendorCalls.summary(entry.kind === 'chat' ? entry.id : callKey(entry.kind, entry.id)),
  };
}

export function listVendors(ctx: VendorsContext): AdminVendorListRes {
  return { list: VENDOR_ENTRIES.map((e) => vendorItem(ctx, e)), statsWindowHours: STATS_WINDOW_MS / 3_600_000 };
}

/** What an audit row keeps of a saved row: the base URL and the masked keys. */
function auditView(row: VendorSettingRow | undefined): { baseUrl: string | null; apiKey: string | null; secretKey?: string } | null {
  if (!row || (row.baseUrl === null && row.apiKeySealed === null && row.secretKeySealed === null)) return null;
  return {
    baseUrl: row.baseUrl,
    apiKey: row.apiKeySealed ? `••••${row.keyLast4 ?? ''}` : null,
    ...(row.secretKeySealed ? { secretKey: `••••${row.secretLast4 ?? ''}` } : {}),
  };
}

const boxes = new WeakMap<object, Promise<KeyBox>>();
/** The providers' key box (same secret, same sealing), one per app (tests run several apps in one process). */
function keyBox(ctx: VendorsContext): Promise<KeyBox> {
  let box = boxes.get(ctx.config);
  if (!box) boxes.set(ctx.config, (box = loadKeySecret(ctx.config).then((secret) => new KeyBox(secret))));
  return box;
}

/**
 * Save a vendor's base URL, key and (for a key pair) secret key over the environment's: a field left out keeps what is saved. Audited in
 * the same transaction with the key masked; announced to every process, and loaded here before answering, so the
 * next call of this process already uses it.
 */
export async function saveVendor(ctx: VendorsContext, actor: AuditActor, id: string, input: AdminVendorSave): Promise<AdminVendorItem> {
  const entry = entryOf(id);
  if (!entry.editable) throw badRequest(ADMIN_VENDORS_MSG.adminVendorNotEditable);
  if (input.secretKey !== undefined && !entry.pairedSecret) throw badRequest(ADMIN_VENDORS_MSG.adminVendorNoSecretKey);
  const box = await keyBox(ctx);
  const row = await ctx.database.db.transaction(async (tx) => {
    const before = await selectVendorRowForUpdate(tx, entry.id);
    const values = {
      baseUrl: input.baseUrl ?? before?.baseUrl ?? null,
      apiKeySealed: input.apiKey !== undefined ? box.seal(input.apiKey) : (before?.apiKeySealed ?? null),
      keyLast4: input.apiKey !== undefined ? last4(input.apiKey) : (before?.keyLast4 ?? null),
      secretKeySealed: input.secretKey !== undefined ? box.seal(input.secretKey) : (before?.secretKeySealed ?? null),
      secretLast4: input.secretKey !== undefined ? last4(input.secretKey) : (before?.secretLast4 ?? null),
    };
    const after = await writeVendorRow(tx, entry.id, values, actor.kind === 'admin' ? actor.id : null);
    await writeAudit(ctx, { actor, action: 'vendor.update', target: { type: 'vendor', id: entry.id }, before: auditView(before), after: auditView(after) }, tx);
    return after;
  });
  await settle(ctx, row.version);
  return vendorItem(ctx, entry);
}

/** Back to the environment's values (a row with nulls and a new version, so the other processes see it). */
export async function resetVendor(ctx: VendorsContext, actor: AuditActor, id: string): Promise<{ vendor: AdminVendorItem; changed: boolean }> {
  const entry = entryOf(id);
  if (!entry.editable) throw badRequest(ADMIN_VENDORS_MSG.adminVendorNotEditable);
  const version = await ctx.database.db.transaction(async (tx) => {
    const before = await selectVendorRowForUpdate(tx, entry.id);
    if (!auditView(before)) return null;
    const after = await writeVendorRow(tx, entry.id, { baseUrl: null, apiKeySealed: null, keyLast4: null, secretKeySealed: null, secretLast4: null }, actor.kind === 'admin' ? actor.id : null);
    await writeAudit(ctx, { actor, action: 'vendor.reset', target: { type: 'vendor', id: entry.id }, before: auditView(before), after: null }, tx);
    return after.version;
  });
  if (version !== null) await settle(ctx, version);
  return { vendor: vendorItem(ctx, entry), changed: version !== null };
}

async function settle(ctx: VendorsContext, version: number): Promise<void> {
  await ctx.vendorSettings.refresh();
  await ctx.vendorSettings.announce(version);
}
