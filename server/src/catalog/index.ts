import type { ModelEntry, ModelGroup } from '@wanxiang/contract';

/** A catalog model: the web-facing entry plus what the server needs to route and meter it. */
export interface CatalogModel extends ModelEntry {
  /** Upstream model id at the vendor. */
  upstreamModel: string;
  /** Quota key charged per reply ('' = unmetered, e.g. v35). */
  quotaKey: string;
  /** vip values that may not use this model. */
  blockedVips: number[];
}

export interface Catalog {
  get(key: string): CatalogModel | undefined;
  models(): CatalogModel[];
  groups(): ModelGroup[];
  /** Daily count for a quota key at a vip level (-1 unlimited, 0 none). */
  dailyLimit(quotaKey: string, vip: number): number;
}

export function loadCatalog(_dir?: string): Catalog {
  throw new Error('not built yet');
}
