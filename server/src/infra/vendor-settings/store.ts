import { eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vendorSettings } from '../../db/schema/vendor-settings';

/** SQL of the vendor settings saved in the console (db/schema/vendor-settings.ts). */
export type VendorSettingRow = typeof vendorSettings.$inferSelect;

// ---- Query

/** Rows saved or reset after `sinceVersion` (0: every row), oldest first. */
export async function selectVendorRows(db: Db, sinceVersion = 0): Promise<VendorSettingRow[]> {
  return db.select().from(vendorSettings).where(gt(vendorSettings.version, sinceVersion)).orderBy(vendorSettings.version);
}

/** The newest version of any vendor's row (0: none saved yet): what each process polls. */
export async function selectMaxVendorVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: max(vendorSettings.version) }).from(vendorSettings);
  return Number(row?.v ?? 0);
}

// ---- Update

export interface VendorRowValues {
  baseUrl: string | null;
  apiKeySealed: string | null;
  keyLast4: string | null;
  secretKeySealed: string | null;
  secretLast4: string | null;
}

/** Save a vendor's values (all null: back to the environment) with the next version; answers the row as saved. */
export async function writeVendorRow(tx: Db, vendor: string, values: VendorRowValues, updatedBy: number | null): Promise<VendorSettingRow> {
  const [row] = await tx
    .insert(vendorSettings)
    .values({ vendor, ...values, version: sql`nextval('vendor_setting_versions')`, updatedBy, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: vendorSettings.vendor,
      // excluded.version: the one nextval the insert already took, not a second.
      set: { ...values, version: sql`excluded.version`, updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('vendor_settings upsert returned no row');
  return row;
}

/** The row of one vendor locked for its transaction (the audit's "before" is what the change really replaced). */
export async function selectVendorRowForUpdate(tx: Db, vendor: string): Promise<VendorSettingRow | undefined> {
  const [row] = await tx.select().from(vendorSettings).where(eq(vendorSettings.vendor, vendor)).for('update');
  return row;
}
