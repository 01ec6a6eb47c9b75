import { bigint, pgSequence, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Versions of the vendor settings, shared by every row: each save or reset takes the next one, so `max(version)` tells a
 * process whether anything changed since it last looked (server/src/infra/vendor-settings), as catalog_documents do.
 */
export const vendorSettingVersions = pgSequence('vendor_setting_versions');

/**
 * A vendor's base URL and key saved in the admin console over the environment's (docs/admin.md "Vendors"). The key is
 * sealed with the providers' key box (AES-256-GCM under PROVIDER_KEY_SECRET); only its last 4 characters are kept in
 * clear, for the page. A reset keeps the row with both values null and a new version, so the other processes see it.
 */
export const vendorSettings = pgTable('vendor_settings', {
  /** The vendor id (deepseek, openai, compatible...). */
  vendor: varchar('vendor', { length: 32 }).primaryKey(),
  /** null = the environment's. */
  baseUrl: text('base_url'),
  /** `v1:<base64>` from KeyBox.seal; null = the environment's. */
  apiKeySealed: text('api_key_sealed'),
  keyLast4: varchar('key_last4', { length: 4 }),
  /** A second secret, for vendors that sign with a key pair (Kling: access key above, secret key here); sealed the same way. */
  secretKeySealed: text('secret_key_sealed'),
  secretLast4: varchar('secret_last4', { length: 4 }),
  /** From vendor_setting_versions at each save or reset. */
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
