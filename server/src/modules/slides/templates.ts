import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PptTemplate, PptTemplateQuery } from '@wanxiang/contract';
import { catalogFile } from '../../catalog';

/**
 * Slide templates as operator data (catalog/ppt-templates.json, or CATALOG_DIR's copy): the
 * picker lists them, the builder draws with their palette, fonts and decoration family.
 */

const hex = z.string().regex(/^[0-9A-Fa-f]{6}$/);
export const DECORS = ['band', 'circles', 'frame', 'grid', 'diagonal', 'ribbon'] as const;

const TemplateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  name: z.string().min(1),
  style: z.string().min(1),
  color: z.string().min(1),
  preview: z.string().min(1),
  palette: z.object({ primary: hex, background: hex, accent: hex, onPrimary: hex, text: hex, heading: hex, muted: hex }),
  fonts: z.object({ heading: z.string().min(1), body: z.string().min(1) }),
  decor: z.enum(DECORS),
});
const FileSchema = z.object({ templates: z.array(TemplateSchema).min(1) });

export interface TemplateRegistry {
  list(query?: PptTemplateQuery): PptTemplate[];
  get(id: string): PptTemplate | undefined;
}

export function loadTemplates(catalogDir?: string): TemplateRegistry {
  const file = catalogFile(catalogDir, 'ppt-templates.json');
  const parsed = FileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const templates: PptTemplate[] = parsed.data.templates;
  const byId = new Map(templates.map((t) => [t.id, t]));
  return {
    list: (q = {}) => templates.filter((t) => (!q.style || t.style === q.style) && (!q.color || t.color === q.color)),
    get: (id) => byId.get(id),
  };
}

const cache = new Map<string, TemplateRegistry>();

/** One registry per catalog dir, read on first use. */
export function templateRegistry(catalogDir?: string): TemplateRegistry {
  const key = catalogDir ?? '';
  let reg = cache.get(key);
  if (!reg) {
    reg = loadTemplates(catalogDir);
    cache.set(key, reg);
  }
  return reg;
}
