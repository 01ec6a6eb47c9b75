import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CATALOG_DOCUMENT_FILES, type CatalogDocumentName } from '@wanxiang/contract';
import type { Config } from '../../config';
import { catalogFile, CatalogError, DEFAULT_CATALOG_DIR } from '../index';

/** What decides where a document's file is: the catalog folder and the two settings that replace a file. */
export type DocumentFilesConfig = Pick<Config, 'catalogDir' | 'promosFile'> & { mcp: Pick<Config['mcp'], 'serversJson'> };

/** The Catalog's own files: a CATALOG_DIR must hold all three (a wrong folder fails the boot, not serves the shipped models). */
const CATALOG_CORE: ReadonlySet<CatalogDocumentName> = new Set(['models', 'groups', 'tiers']);

/** Where the file default of a document lives, for messages and the console. */
export function documentFileWhere(config: DocumentFilesConfig, name: CatalogDocumentName): string {
  if (name === 'promos' && config.promosFile) return resolve(config.promosFile);
  if (name === 'mcp' && config.mcp.serversJson) return 'MCP_SERVERS_JSON';
  if (CATALOG_CORE.has(name)) return join(config.catalogDir ?? DEFAULT_CATALOG_DIR, CATALOG_DOCUMENT_FILES[name]);
  return catalogFile(config.catalogDir, CATALOG_DOCUMENT_FILES[name]);
}

/**
 * The file default of a document, parsed: PROMOS_FILE and MCP_SERVERS_JSON where set (they replace their file), else
 * CATALOG_DIR's copy, else the shipped one. Read fresh on each call (the console shows what DELETE goes back to).
 */
export function readDocumentFile(config: DocumentFilesConfig, name: CatalogDocumentName): unknown {
  const where = documentFileWhere(config, name);
  try {
    const text = where === 'MCP_SERVERS_JSON' ? config.mcp.serversJson! : readFileSync(where, 'utf8');
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new CatalogError(`${where}: ${(err as Error).message}`);
  }
}
