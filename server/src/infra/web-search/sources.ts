import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { InternetSource } from '@wanxiang/contract';
import type { WebSearchScope } from './types';

/** A search source of catalog/internet.json: what the web shows plus how SearXNG narrows it. */
export interface InternetSourceEntry extends InternetSource, WebSearchScope {}

const FILE = 'internet.json';
const SHIPPED_DIR = resolve(import.meta.dirname, '../../../catalog');

const text = z.string().trim().min(1);
const commaList = z.string().regex(/^[a-z0-9 _-]+(,[a-z0-9 _-]+)*$/, 'comma-separated SearXNG names');

const FileSchema = z.strictObject({
  _comment: z.string().optional(),
  sources: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'key: lower-case letters, digits, _ - (at most 32)'),
        label: text,
        icon: z.string().regex(/^[a-z][a-z0-9-]*$/, 'icon: an icon name such as "global"'),
        description: text,
        enabled: z.boolean(),
        engines: commaList.optional(),
        categories: commaList.optional(),
      }),
    )
    .min(1),
});

export class InternetCatalogError extends Error {
  override name = 'InternetCatalogError';
}

/**
 * Read the search sources an operator lists in {catalog}/internet.json; a catalog folder
 * without one (an older copy) uses the shipped file. Fails fast on a bad entry, naming it.
 */
export function loadInternetSources(catalogDir?: string): InternetSourceEntry[] {
  const own = catalogDir ? join(catalogDir, FILE) : '';
  const path = own && existsSync(own) ? own : join(SHIPPED_DIR, FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InternetCatalogError(`${path}: ${(err as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new InternetCatalogError(`${path}: ${why}`);
  }
  const keys = new Set<string>();
  for (const s of parsed.data.sources) {
    if (keys.has(s.key)) throw new InternetCatalogError(`${path}: duplicate source key "${s.key}"`);
    keys.add(s.key);
  }
  return parsed.data.sources.map(({ key, label, icon, description, enabled, engines, categories }) => ({
    key,
    label,
    icon,
    description,
    enabled,
    ...(engines ? { engines } : {}),
    ...(categories ? { categories } : {}),
  }));
}

/** The web's view of a source (no SearXNG details). */
export function toPublicSource(s: InternetSourceEntry): InternetSource {
  return { key: s.key, label: s.label, icon: s.icon, description: s.description, enabled: s.enabled };
}
