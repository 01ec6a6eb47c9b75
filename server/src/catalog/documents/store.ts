import { eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogDocuments } from '../../db/schema/catalog-documents';

/** SQL of the operator documents saved in the console (db/schema/catalog-documents.ts). */
export type CatalogDocumentRow = typeof catalogDocuments.$inferSelect;

/** Any fixed number: the key of the advisory lock that puts the console's saves in a line. */
const SAVE_LOCK_KEY = 7_351_016;

// ---- Query

/** Rows saved or reset after `sinceVersion` (0: every row). */
export async function selectDocumentRows(db: Db, sinceVersion = 0): Promise<CatalogDocumentRow[]> {
  return db.select().from(catalogDocuments).where(gt(catalogDocuments.version, sinceVersion)).orderBy(catalogDocuments.version);
}

/** The newest version of any document (0: none saved yet): what each process polls. */
export async function selectMaxVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: max(catalogDocuments.version) }).from(catalogDocuments);
  return Number(row?.v ?? 0);
}

// ---- Update

/**
 * Hold the save lock until `tx` ends: the console's saves run one at a time on every process, so a check that reads
 * another document (tiers against the tools, models against the agents) reads what is really saved.
 */
export async function lockDocumentSaves(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SAVE_LOCK_KEY})`);
}

/** Save `content` under `name` (null: back to the file) with the next version; answers the row as saved. */
export async function writeDocument(tx: Db, name: string, content: unknown, updatedBy: number | null): Promise<CatalogDocumentRow> {
  const [row] = await tx
    .insert(catalogDocuments)
    .values({ name, content, version: sql`nextval('catalog_document_versions')`, updatedBy, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: catalogDocuments.name,
      // excluded.version: the one nextval the insert already took, not a second.
      set: { content, version: sql`excluded.version`, updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('catalog_documents upsert returned no row');
  return row;
}

/** The saved content of one document, or undefined while its file is in force (command-line tools without a context). */
export async function selectSavedContent(db: Db, name: string): Promise<unknown> {
  const [row] = await db.select({ content: catalogDocuments.content }).from(catalogDocuments).where(eq(catalogDocuments.name, name));
  return row?.content ?? undefined;
}
