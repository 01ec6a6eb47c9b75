import {
  CATALOG_DOCUMENT_FILES,
  CATALOG_DOCUMENTS,
  MSG,
  type AdminCatalogDocument,
  type AdminCatalogItem,
  type AdminCatalogList,
  type AdminCatalogPutReq,
  type CatalogDocumentName,
} from '@wanxiang/contract';
import { documentReader } from '../../catalog/documents/live';
import { lockDocumentSaves, selectDocumentRows, writeDocument, type CatalogDocumentRow } from '../../catalog/documents/store';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { writeAudit } from '../admin/audit';
import { DOCUMENT_CHECKS } from './checks';

/**
 * The console's catalog editor (docs/api.md "Admin: catalog"): the documents with where their content comes from, one
 * document with its file default, a save (checked as the file is, audited, in force on every process) and a reset to
 * the file. Saves run one at a time (an advisory lock), so a check that reads another document reads what is saved.
 */
export type AdminCatalogContext = Pick<AppContext, 'config' | 'database' | 'documents'>;

/** The admin behind a change, as the audit log records it. */
export interface CatalogActor {
  kind: 'admin';
  id: number;
  ip?: string;
}

/** Longest check message in an answer: the registry's check lists every problem, which may be many. */
const DETAIL_MAX = 1_500;

const labelOf = (name: CatalogDocumentName) => MSG.adminCatalogLabels[name] ?? name;
const isSaved = (row: CatalogDocumentRow | undefined): row is CatalogDocumentRow & { content: NonNullable<unknown> } =>
  row?.content != null;

function itemOf(ctx: AdminCatalogContext, name: CatalogDocumentName, row: CatalogDocumentRow | undefined): AdminCatalogItem {
  return {
    name,
    label: labelOf(name),
    file: CATALOG_DOCUMENT_FILES[name],
    source: isSaved(row) ? 'database' : 'file',
    version: row?.version ?? 0,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** GET /api/admin/catalog: every document, read from the database (not this process's copy, which may lag a poll). */
export async function listDocuments(ctx: AdminCatalogContext): Promise<AdminCatalogList> {
  const rows = new Map((await selectDocumentRows(ctx.database.db)).map((r) => [r.name, r]));
  return { list: CATALOG_DOCUMENTS.map((name) => itemOf(ctx, name, rows.get(name))), pollMs: ctx.config.catalogPollMs };
}

async function rowOf(db: Db, name: CatalogDocumentName): Promise<CatalogDocumentRow | undefined> {
  return (await selectDocumentRows(db)).find((r) => r.name === name);
}

/**
 * The file's content, or null when it cannot be read or parsed (a broken CATALOG_DIR copy of a file read on first use,
 * such as site.json): the console still shows the document and a save can replace it.
 */
function fileOrNull(ctx: AdminCatalogContext, name: CatalogDocumentName): unknown {
  try {
    return ctx.documents.file(name);
  } catch {
    return null;
  }
}

function viewOf(ctx: AdminCatalogContext, name: CatalogDocumentName, row: CatalogDocumentRow | undefined): AdminCatalogDocument {
  const fileContent = fileOrNull(ctx, name);
  return { ...itemOf(ctx, name, row), content: isSaved(row) ? row.content : fileContent, fileContent };
}

/** GET /api/admin/catalog/:name: the content in force and the file's. */
export async function documentView(ctx: AdminCatalogContext, name: CatalogDocumentName): Promise<AdminCatalogDocument> {
  return viewOf(ctx, name, await rowOf(ctx.database.db, name));
}

/**
 * Run the document's check with `candidate` (null: its file) in place of `name` and the other documents as saved now
 * (`rows`, read under the lock). A failure is the console's 400, naming the document, the entry and the field.
 */
function checkCandidate(
  ctx: AdminCatalogContext,
  rows: readonly CatalogDocumentRow[],
  name: CatalogDocumentName,
  candidate: unknown,
): void {
  const saved = (n: CatalogDocumentName): unknown => {
    if (n === name) return candidate ?? undefined;
    return rows.find((r) => r.name === n)?.content ?? undefined;
  };
  try {
    DOCUMENT_CHECKS[name](
      documentReader((n) => saved(n) ?? ctx.documents.file(n), saved),
      ctx.config,
    );
  } catch (err) {
    // One line for the console: the registry check's "failed:\n- a\n- b" reads "failed: a; b".
    const detail = (err instanceof Error ? err.message : String(err)).replace(/:\s*\n-\s*/, ': ').replace(/\s*\n-?\s*/g, '; ');
    throw badRequest(MSG.adminCatalogRejected(labelOf(name), detail.length > DETAIL_MAX ? `${detail.slice(0, DETAIL_MAX)}…` : detail));
  }
}

/** What the audit log keeps of a document's state: where it came from, its version and its whole content. */
function stateOf(ctx: AdminCatalogContext, name: CatalogDocumentName, row: CatalogDocumentRow | undefined) {
  return isSaved(row)
    ? { source: 'database', version: row.version, content: row.content }
    : { source: 'file', version: row?.version ?? 0, content: fileOrNull(ctx, name) };
}

/** The change is in force here at once; the others hear it on the shared store, or find it at their next poll. */
async function spread(ctx: AdminCatalogContext, row: CatalogDocumentRow): Promise<void> {
  // The save is committed: a failed reload here must not answer it as failed; this process's poll loads it later.
  await ctx.documents
    .refresh()
    .catch((err: unknown) => ctx.documents.log.warn({ err }, 'catalog reload after a save failed; the poll will load it'));
  await ctx.documents.announce(row.version);
}

/** PUT /api/admin/catalog/:name: check, save with the next version, audit, then put it in force everywhere. */
export async function saveDocument(
  ctx: AdminCatalogContext,
  actor: CatalogActor,
  name: CatalogDocumentName,
  req: AdminCatalogPutReq,
): Promise<AdminCatalogDocument> {
  const row = await ctx.database.db.transaction(async (tx) => {
    await lockDocumentSaves(tx);
    const rows = await selectDocumentRows(tx);
    const current = rows.find((r) => r.name === name);
    if (req.version !== undefined && req.version !== (current?.version ?? 0))
      throw badRequest(MSG.adminCatalogStale(current?.version ?? 0));
    checkCandidate(ctx, rows, name, req.content);
    const saved = await writeDocument(tx, name, req.content, actor.id);
    await writeAudit(
      ctx,
      {
        actor,
        action: 'catalog.update',
        target: { type: 'catalog', id: name },
        before: stateOf(ctx, name, current),
        after: stateOf(ctx, name, saved),
      },
      tx,
    );
    return saved;
  });
  await spread(ctx, row);
  return viewOf(ctx, name, row);
}

/**
 * DELETE /api/admin/catalog/:name: back to the file. The file is checked with the other documents as saved (a tiers
 * file without a quota key the saved tool overrides use would be refused). A document never saved answers as it is.
 */
export async function resetDocument(
  ctx: AdminCatalogContext,
  actor: CatalogActor,
  name: CatalogDocumentName,
): Promise<{ doc: AdminCatalogDocument; changed: boolean }> {
  const row = await ctx.database.db.transaction(async (tx) => {
    await lockDocumentSaves(tx);
    const rows = await selectDocumentRows(tx);
    const current = rows.find((r) => r.name === name);
    if (!isSaved(current)) return null;
    checkCandidate(ctx, rows, name, null);
    const reset = await writeDocument(tx, name, null, actor.id);
    await writeAudit(
      ctx,
      {
        actor,
        action: 'catalog.reset',
        target: { type: 'catalog', id: name },
        before: stateOf(ctx, name, current),
        after: stateOf(ctx, name, reset),
      },
      tx,
    );
    return reset;
  });
  if (!row) return { doc: await documentView(ctx, name), changed: false };
  await spread(ctx, row);
  return { doc: viewOf(ctx, name, row), changed: true };
}
