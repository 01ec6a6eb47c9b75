import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import type { ModelGroup } from '@wanxiang/contract';
import { GroupsFileSchema, ModelFileEntrySchema, ModelsFileSchema, TiersFileSchema, type ModelFileEntry } from './schema';

import type { Catalog, CatalogModel } from './types';

export type { Catalog, CatalogModel, QuotaKeyInfo } from './types';
export { toWebEntry, toWebList } from './projection';

export class CatalogError extends Error {
  override name = 'CatalogError';
}

/** server/catalog/, next to src/. */
export const DEFAULT_CATALOG_DIR = resolve(import.meta.dirname, '../../catalog');

/**
 * Path of one operator file of the shell (sign-in, shop, invite, promos...): the copy in
 * CATALOG_DIR when the operator put one there, else the shipped one, so an operator folder may
 * override only the files it cares about.
 */
export function catalogFile(catalogDir: string | undefined, name: string): string {
  if (catalogDir) {
    const own = join(catalogDir, name);
    if (existsSync(own)) return own;
  }
  return join(DEFAULT_CATALOG_DIR, name);
}

/** The parsed JSON of the three files the Catalog is made of (a file's content, or the console's saved one). */
export interface CatalogSources {
  models: unknown;
  groups: unknown;
  tiers: unknown;
}

/**
 * Read and validate models.json, groups.json and tiers.json. Fails fast with the file, the
 * entry and the field at fault, so an operator's typo stops the boot rather than a chat later.
 */
export function loadCatalog(dir: string = DEFAULT_CATALOG_DIR): Catalog {
  return buildCatalog({ models: readJson(dir, 'models.json'), groups: readJson(dir, 'groups.json'), tiers: readJson(dir, 'tiers.json') });
}

/**
 * The Catalog from the three documents' content, checked together (a model's quota key must be one of the tiers', a
 * group's models must exist): the boot's check of the files and the console's check of a save are this one function.
 */
export function buildCatalog(sources: CatalogSources): Catalog {
  const modelsFile = parseContent('models.json', sources.models, ModelsFileSchema);
  const groupsFile = parseContent('groups.json', sources.groups, GroupsFileSchema);
  const tiersFile = parseContent('tiers.json', sources.tiers, TiersFileSchema);

  const entries = modelsFile.models.map((raw, i) => parseModel(raw, i));
  const byKey = new Map<string, CatalogModel>();
  const childKeys = new Map<string, string[]>();
  for (const entry of entries) {
    if (byKey.has(entry.key)) throw new CatalogError(`models.json: duplicate model key "${entry.key}"`);
    const { children, ...rest } = entry;
    byKey.set(entry.key, rest);
    if (children) childKeys.set(entry.key, children);
  }

  const quotaKeys = Object.entries(tiersFile.quotaKeys).map(([key, label]) => ({ key, label }));
  const knownQuotaKeys = new Set(quotaKeys.map((q) => q.key));
  for (const model of byKey.values()) checkModelRules(model, knownQuotaKeys);
  checkAliasGates([...byKey.values()]);

  for (const [key, kids] of childKeys) {
    const model = byKey.get(key)!;
    model.children = kids.map((k) => {
      const child = byKey.get(k);
      if (!child) throw new CatalogError(`models.json: model "${key}" lists unknown child "${k}"`);
      return child;
    });
  }

  const groups: ModelGroup[] = groupsFile.groups.map((g) => {
    for (const k of g.models) {
      if (!byKey.has(k)) throw new CatalogError(`groups.json: group "${g.key}" (${g.label}) lists unknown model "${k}"`);
    }
    return { key: g.key, label: g.label, icon: g.icon, models: [...g.models] };
  });
  const groupKeys = new Set<string>();
  for (const g of groups) {
    if (groupKeys.has(g.key)) throw new CatalogError(`groups.json: duplicate group key "${g.key}"`);
    groupKeys.add(g.key);
  }

  const limits = buildLimits(tiersFile.levels, knownQuotaKeys);
  const fallback = limits.get(tiersFile.fallbackMemberVip);
  if (!fallback) throw new CatalogError(`tiers.json: fallbackMemberVip ${tiersFile.fallbackMemberVip} has no level`);

  const models = [...byKey.values()];
  return {
    get: (key) => byKey.get(key),
    models: () => models,
    groups: () => groups,
    quotaKeys: () => quotaKeys,
    dailyLimit(quotaKey, vip) {
      if (quotaKey === '') return -1;
      // A vip value without a row of its own is a member tier the operator has not priced yet.
      const level = limits.get(vip) ?? (vip > 0 ? fallback : undefined);
      return level?.get(quotaKey) ?? 0;
    },
  };
}

function readJson(dir: string, name: string): unknown {
  const path = join(dir, name);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new CatalogError(`${path}: ${(err as Error).message}`);
  }
}

function parseContent<S extends z.ZodType>(where: string, json: unknown, schema: S): z.output<S> {
  const result = schema.safeParse(json);
  if (!result.success) throw new CatalogError(`${where}: ${describeIssues(result.error.issues)}`);
  return result.data;
}

function parseModel(raw: unknown, index: number): ModelFileEntry {
  const result = ModelFileEntrySchema.safeParse(raw);
  if (result.success) return result.data;
  const key = typeof raw === 'object' && raw !== null && 'key' in raw ? String((raw as { key: unknown }).key) : '?';
  throw new CatalogError(`models.json: models[${index}] (key "${key}"): ${describeIssues(result.error.issues)}`);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Rules that span fields of one entry; each names the model at fault. */
function checkModelRules(m: CatalogModel, quotaKeys: ReadonlySet<string>): void {
  const bad = (why: string) => new CatalogError(`models.json: model "${m.key}": ${why}`);
  if (m.quotaKey !== '' && !quotaKeys.has(m.quotaKey)) throw bad(`quotaKey "${m.quotaKey}" is not listed in tiers.json quotaKeys`);
  const expectedCheck = m.quotaKey === '' ? 'chat' : m.quotaKey;
  if (m.checkKey !== expectedCheck) throw bad(`checkKey "${m.checkKey}" must be "${expectedCheck}" (the quota key the web app checks)`);
  if (m.isFree !== m.free) throw bad('isFree and free must agree');
  if (m.only_points && !m.allow_points) throw bad('only_points requires allow_points');
  if (m.allow_points && m.consume_points <= 0) throw bad('a points-priced model needs consume_points > 0');
  if ((m.vipTag === '高阶模型') !== m.high) throw bad('vipTag "高阶模型" goes with high: true');
}

/**
 * Entries that reach the same upstream model (vendor + upstream id) must be gated alike: the same
 * blocked tiers and the same mandatory points price. Otherwise an alias is a way around the gate
 * (`chat_4o` open to free users while `v40`, the same gpt-4o, is not). Counts may differ: feature
 * entries (document, media, networked search, charts) meter by their feature's quota key.
 */
function checkAliasGates(models: readonly CatalogModel[]): void {
  const gateOf = (m: CatalogModel) => `blockedVips [${[...new Set(m.blockedVips)].sort((a, b) => a - b).join(',')}], points-only price ${m.only_points ? m.consume_points : 0}`;
  const first = new Map<string, CatalogModel>();
  for (const m of models) {
    const upstream = `${m.vendor}/${m.upstreamModel}`;
    const seen = first.get(upstream);
    if (!seen) {
      first.set(upstream, m);
      continue;
    }
    if (gateOf(seen) !== gateOf(m)) {
      throw new CatalogError(
        `models.json: models "${seen.key}" and "${m.key}" both reach ${upstream} but are gated differently (${gateOf(seen)} vs ${gateOf(m)}); give them the same blockedVips and points price`,
      );
    }
  }
}

function buildLimits(
  levels: { vip: number; daily: Record<string, number> }[],
  quotaKeys: ReadonlySet<string>,
): Map<number, Map<string, number>> {
  const limits = new Map<number, Map<string, number>>();
  for (const level of levels) {
    if (limits.has(level.vip)) throw new CatalogError(`tiers.json: duplicate level vip ${level.vip}`);
    for (const k of quotaKeys) {
      if (!(k in level.daily)) throw new CatalogError(`tiers.json: level vip ${level.vip} has no count for quota key "${k}"`);
    }
    for (const k of Object.keys(level.daily)) {
      if (!quotaKeys.has(k)) throw new CatalogError(`tiers.json: level vip ${level.vip} counts unknown quota key "${k}"`);
    }
    limits.set(level.vip, new Map(Object.entries(level.daily)));
  }
  return limits;
}
