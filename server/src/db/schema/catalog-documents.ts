import { bigint, json, pgSequence, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Versions of the operator documents, shared by every row: each save or reset takes the next one, so one number
 * (`max(version)`) tells a process whether anything changed since it last looked (server/src/catalog/documents).
 */
export const catalogDocumentVersions = pgSequence('catalog_document_versions');

/**
 * The operator documents saved in the admin console (docs/config.md "Editing the catalog in the console"): one row per
 * document (models, tiers, shop...) whose content wins over its file. A reset keeps the row with `content` null and a
 * new version, so the other processes see the change (a deleted row would leave no trace for them to poll).
 */
export const catalogDocuments = pgTable('catalog_documents', {
  /** The document's name (CATALOG_DOCUMENTS of the contract). */
  name: varchar('name', { length: 32 }).primaryKey(),
  /**
   * The whole document as its file would hold it; null = back to the file. `json`, not `jsonb`: jsonb re-sorts object
   * keys, and key order is meaning here (quotaKeys are listed to users in the document's order).
   */
  content: json('content'),
  /** From catalog_document_versions at each save or reset. */
  version: bigint('version', { mode: 'number' }).notNull(),
  /** The admin who saved or reset it. */
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
