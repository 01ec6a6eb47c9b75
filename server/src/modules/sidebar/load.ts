import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SidebarFileSchema, type SidebarFile } from '@wanxiang/contract';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/** server/catalog/sidebar.json, next to src/. */
export const DEFAULT_SIDEBAR_FILE = resolve(import.meta.dirname, '../../../catalog/sidebar.json');

export class SidebarCatalogError extends Error {
  override name = 'SidebarCatalogError';
}

/**
 * Read and validate the operator-edited sidebar catalogue. A typo stops the boot with the file,
 * the entry and the field at fault rather than a blank sidebar for every visitor.
 */
export function loadSidebarFile(file: string = DEFAULT_SIDEBAR_FILE): SidebarFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SidebarCatalogError(`sidebar.json: cannot read ${file}: ${(err as Error).message}`);
  }
  return parseSidebarFile(raw);
}

export function parseSidebarFile(raw: unknown): SidebarFile {
  const result = SidebarFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SidebarCatalogError(`sidebar.json: ${describePath(raw, issue.path)}: ${issue.message}`);
  }
  checkUnique(result.data);
  return result.data;
}

/** "groups[3] (智能体).children[1].path" — the index plus the label, so the operator finds the line. */
function describePath(raw: unknown, path: readonly PropertyKey[]): string {
  let node: unknown = raw;
  let out = '';
  for (const step of path) {
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[step] : undefined;
    if (typeof step === 'number') {
      out += `[${step}]`;
      const label = node && typeof node === 'object' ? (node as { label?: unknown; title?: unknown }).label : undefined;
      if (typeof label === 'string') out += ` (${label})`;
    } else {
      out += out ? `.${String(step)}` : String(step);
    }
  }
  return out || '(root)';
}

/** Keys make the red-dot keys sidebar:{group}:{child}: a duplicate would share one read flag. */
function checkUnique(file: SidebarFile): void {
  const groups = new Set<string>();
  for (const g of file.groups) {
    if (groups.has(g.key)) throw new SidebarCatalogError(`sidebar.json: duplicate group key "${g.key}"`);
    groups.add(g.key);
    const kids = new Set<string>();
    for (const c of g.children) {
      if (kids.has(c.key)) throw new SidebarCatalogError(`sidebar.json: group "${g.key}" has duplicate child key "${c.key}"`);
      kids.add(c.key);
    }
  }
  const banners = new Set<string>();
  for (const b of file.banners) {
    if (banners.has(b.key)) throw new SidebarCatalogError(`sidebar.json: duplicate banner key "${b.key}"`);
    banners.add(b.key);
  }
}

export const SIDEBAR_SPEC: LiveSpec<SidebarFile> = { documents: ['sidebar'], build: (read) => parseSidebarFile(read('sidebar')) };

/** The sidebar in force for this app: the console's saved copy over the file, rebuilt when either changes. */
export function sidebarOf(ctx: LiveValueHost): SidebarFile {
  return liveValueOf(ctx, 'sidebar.file', SIDEBAR_SPEC);
}
