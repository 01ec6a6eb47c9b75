import type { CatalogDocuments } from './documents/hub';
import { LiveValue, type LiveSpec } from './documents/live';
import { buildCatalog } from './index';
import type { Catalog } from './types';

/** models + groups + tiers -> the Catalog: the one check of the files at boot and of a console save. */
export const CATALOG_SPEC: LiveSpec<Catalog> = {
  documents: ['models', 'groups', 'tiers'],
  build: (read) => buildCatalog({ models: read('models'), groups: read('groups'), tiers: read('tiers') }),
};

/**
 * The process's Catalog, in force without a restart: each call reads the snapshot built from the documents now in force
 * (the console's saved ones over the files), swapped whole when one of them changes, so one call never mixes two
 * versions. Callers ask it per use (ctx.catalog.get(...)) rather than keeping a model or a count across requests.
 */
export function createLiveCatalog(docs: CatalogDocuments): Catalog {
  const live = new LiveValue(docs, CATALOG_SPEC);
  return {
    get: (key) => live.get().get(key),
    models: () => live.get().models(),
    groups: () => live.get().groups(),
    quotaKeys: () => live.get().quotaKeys(),
    dailyLimit: (quotaKey, vip) => live.get().dailyLimit(quotaKey, vip),
  };
}
