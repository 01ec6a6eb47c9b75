import { adminCatalogDocument } from '../../../api/admin-catalog';
import { useLoad } from '../useLoad';
import { isTiersContent } from './tiers-grid';

export interface TiersInfo {
  /** Quota keys of tiers.json with their Chinese names, in the document's order. */
  quotaKeys: { key: string; label: string }[];
  levels: { vip: number; name: string }[];
}

/**
 * The quota keys and levels in force (the tiers document as the console has it), for the selects of the tools and
 * models forms; empty until loaded or when it cannot be read (the fields then take the current value only).
 */
export function useTiersInfo(): TiersInfo {
  const { data } = useLoad('catalog:tiers:info', (signal) => adminCatalogDocument('tiers', { signal }));
  if (!data || !isTiersContent(data.content)) return { quotaKeys: [], levels: [] };
  return {
    quotaKeys: Object.entries(data.content.quotaKeys).map(([key, label]) => ({ key, label })),
    levels: data.content.levels.map((l) => ({ vip: l.vip, name: l.name })),
  };
}
