import { z } from 'zod';
import { ADMIN_CATALOG_MSG } from '../msg/admin-catalog';

/**
 * The catalog editor of the admin console (docs/api.md "Admin: catalog", docs/config.md "Editing the catalog in the
 * console"): the operator documents of server/catalog/ saved to the database over their files, checked exactly as the
 * files are, and in force on every process within seconds. The tool overrides document and its public read are here too.
 */

// ---- Documents

/** The documents the console edits, in the console's order. */
export const CATALOG_DOCUMENTS = [
  'models',
  'groups',
  'tiers',
  'tools',
  'shop',
  'signin',
  'promos',
  'sidebar',
  'site',
  'mcp',
  'webdisk',
] as const;
export type CatalogDocumentName = (typeof CATALOG_DOCUMENTS)[number];

/** The file each document falls back to (CATALOG_DIR's copy, else the shipped one). */
export const CATALOG_DOCUMENT_FILES: Readonly<Record<CatalogDocumentName, string>> = {
  models: 'models.json',
  groups: 'groups.json',
  tiers: 'tiers.json',
  tools: 'tools.json',
  shop: 'shop.json',
  signin: 'signin.json',
  promos: 'promos.json',
  sidebar: 'sidebar.json',
  site: 'site.json',
  mcp: 'mcp.json',
  webdisk: 'webdisk.json',
};

/** Where a document's content comes from: its file (never edited, or reset) or the database (saved in the console). */
export const CATALOG_SOURCES = ['file', 'database'] as const;
export type CatalogSource = (typeof CATALOG_SOURCES)[number];

/** Audit action codes of the catalog area. */
export const ADMIN_CATALOG_ACTIONS = ['catalog.update', 'catalog.reset'] as const;

// ---- Requests

/** :name of /api/admin/catalog/:name. */
export const AdminCatalogNameSchema = z.object({
  name: z.enum(CATALOG_DOCUMENTS, { error: ADMIN_CATALOG_MSG.adminCatalogNameInvalid }),
});

/**
 * PUT /api/admin/catalog/:name: the whole document, as its file would hold it. `version` is the one the edit started
 * from (GET's `version`); when given, a save over a newer version is refused instead of overwriting another admin's.
 */
export const AdminCatalogPutSchema = z.object({
  // An object, or an array for mcp (mcp.json is a list): the document's own check says the rest.
  content: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: ADMIN_CATALOG_MSG.adminCatalogContentInvalid }),
  version: z
    .number({ error: ADMIN_CATALOG_MSG.adminCatalogVersionInvalid })
    .int({ error: ADMIN_CATALOG_MSG.adminCatalogVersionInvalid })
    .min(0, { error: ADMIN_CATALOG_MSG.adminCatalogVersionInvalid })
    .optional(),
});
export type AdminCatalogPutReq = z.infer<typeof AdminCatalogPutSchema>;

// ---- Answers

/** One document of GET /api/admin/catalog. */
export interface AdminCatalogItem {
  name: CatalogDocumentName;
  /** Chinese name for the console. */
  label: string;
  /** The file it falls back to. */
  file: string;
  source: CatalogSource;
  /** Version of the last save or reset (they only grow); 0 = never edited in the console. */
  version: number;
  /** ISO time of the last save or reset; null = never. */
  updatedAt: string | null;
  /** The admin who saved or reset it last; null = never. */
  updatedBy: number | null;
}

export interface AdminCatalogList {
  list: AdminCatalogItem[];
  /** How often every process looks for changes besides the Redis message (CATALOG_POLL_MS). */
  pollMs: number;
}

/** GET /api/admin/catalog/:name (and the answer of PUT and DELETE): the content in force and the file's own. */
export interface AdminCatalogDocument extends AdminCatalogItem {
  /** The content every process serves: the database's when `source` is database, else the file's. */
  content: unknown;
  /** The file's content (what DELETE goes back to); null when the file cannot be read or is not JSON. */
  fileContent: unknown;
}

// ---- The tools document (tools.json)

const quotaKeyField = z.string().regex(/^[a-z][a-z0-9_]*$/, 'quotaKey: a quota key of tiers.json such as tool_generate');

/** One tool's settings over the registry (contract/src/tools); a field left out keeps the registry's value. */
export const ToolOverrideSchema = z.strictObject({
  /** false: runs are refused (toolDisabled) and the web greys the tool out. */
  enabled: z.boolean().optional(),
  /** Points one run costs when paid with points (ToolSpec.points). */
  points: z.number().int().min(0).max(1_000_000).optional(),
  /** The daily-count key a run is counted on (ToolSpec.quotaKey); must be a key of tiers.json. */
  quotaKey: quotaKeyField.optional(),
});
export type ToolOverride = z.infer<typeof ToolOverrideSchema>;

/** tools.json: overrides by tool id (unknown ids are refused). The shipped file overrides nothing. */
export const ToolOverridesFileSchema = z.strictObject({
  _comment: z.string().optional(),
  tools: z.record(z.string(), ToolOverrideSchema),
});
export type ToolOverridesFile = z.infer<typeof ToolOverridesFileSchema>;

/** A tool's settings in force. */
export interface ToolSettings {
  enabled: boolean;
  points: number;
  quotaKey: string;
}

/**
 * GET /api/v1/tools/overrides (public): the settings in force of every tool the operator changed, by id; a tool not
 * listed runs as the registry says. The web merges it over the registry it bundles.
 */
export interface ToolOverridesRes {
  tools: Record<string, ToolSettings>;
}
