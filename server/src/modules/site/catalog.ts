import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { registryDescriptionOf, registryTitleOf } from '@wanxiang/contract';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * catalog/site.json: the header's search index (tools), the recommended list and the ranking
 * (tool ids), and the footer lines per main domain. Operator-editable, so it is checked with zod
 * on first use and a typo fails with the path of the bad entry rather than a blank header.
 */

const FILE = 'site.json';
const SHIPPED_DIR = resolve(import.meta.dirname, '../../../catalog');

const text = z.string().trim().min(1);

const ToolSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'id: lower-case letters, digits and - (at most 48)'),
  // Left out where it would restate the title of the registry entry at the route (filled on parse).
  name: text.max(40).optional(),
  // An in-app route: a path (with an optional query), never an outside link.
  route: z.string().regex(/^\/[A-Za-z0-9/_.-]*(\?[A-Za-z0-9_.=&%-]*)?$/, 'route: an in-app path such as /draw/text2image'),
  icon: z.string().regex(/^[a-z][a-z0-9-]*$/, 'icon: an icon name such as "picture"'),
  desc: z.string().trim().max(80).optional(),
  keywords: z.array(text.max(30)).default([]),
});

const FooterSchema = z.strictObject({
  company: z.string().trim(),
  icp: z.string().trim(),
  police: z.string().trim(),
  copyright: z.string().trim(),
});

const FileSchema = z.strictObject({
  _comment: z.string().optional(),
  tools: z.array(ToolSchema).min(1),
  recommended: z.array(z.string()),
  ranking: z.array(z.string()),
  footers: z
    .record(
      z.string().regex(/^(default|[a-z0-9-]+(\.[a-z0-9-]+)+)$/, 'footer key: "default" or a main domain such as wanxiang.ai'),
      FooterSchema,
    )
    .refine((f) => 'default' in f, 'footers: a "default" entry is required'),
});

/** A tool of the search index as served: its name (and description) taken from the registry when the file leaves them out. */
export type SiteTool = Omit<z.infer<typeof ToolSchema>, 'name'> & { name: string };
export type SiteFooter = z.infer<typeof FooterSchema>;

export interface SiteCatalog {
  tools: SiteTool[];
  recommended: SiteTool[];
  ranking: SiteTool[];
  footers: ReadonlyMap<string, SiteFooter>;
}

export class SiteCatalogError extends Error {
  override name = 'SiteCatalogError';
}

/** Read {catalogDir}/site.json, or the shipped one when the folder has none. */
export function loadSiteCatalog(catalogDir?: string): SiteCatalog {
  const own = catalogDir ? join(catalogDir, FILE) : '';
  const path = own && existsSync(own) ? own : join(SHIPPED_DIR, FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SiteCatalogError(`${path}: ${(err as Error).message}`);
  }
  return parseSiteCatalog(json, path);
}

/** Check a parsed site.json; `where` names the file in errors. */
export function parseSiteCatalog(json: unknown, where = FILE): SiteCatalog {
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new SiteCatalogError(`${where}: ${why}`);
  }
  const tools = parsed.data.tools.map((t, i): SiteTool => {
    const name = t.name ?? registryTitleOf(t.route);
    if (!name) throw new SiteCatalogError(`${where}: tools.${i}.name: missing, and ${t.route} is not a registry entry`);
    const desc = t.desc ?? registryDescriptionOf(t.route);
    return { ...t, name, ...(desc ? { desc } : {}) };
  });
  const byId = new Map<string, SiteTool>();
  for (const t of tools) {
    if (byId.has(t.id)) throw new SiteCatalogError(`${where}: duplicate tool id "${t.id}"`);
    byId.set(t.id, t);
  }
  const pick = (list: string[], field: string): SiteTool[] =>
    list.map((id, i) => {
      const tool = byId.get(id);
      if (!tool) throw new SiteCatalogError(`${where}: ${field}.${i}: unknown tool id "${id}"`);
      return tool;
    });
  return {
    tools,
    recommended: pick(parsed.data.recommended, 'recommended'),
    ranking: pick(parsed.data.ranking, 'ranking'),
    footers: new Map(Object.entries(parsed.data.footers)),
  };
}

export const SITE_SPEC: LiveSpec<SiteCatalog> = { documents: ['site'], build: (read) => parseSiteCatalog(read('site')) };

/** site.json in force for this app: the console's saved copy over the file, rebuilt when either changes. */
export function siteCatalogOf(ctx: LiveValueHost): SiteCatalog {
  return liveValueOf(ctx, 'site.catalog', SITE_SPEC);
}
