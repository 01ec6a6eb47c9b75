import { useMemo } from 'react';
import { adminCatalogDocument } from '../../../api/admin-catalog';
import { useLoad } from '../useLoad';
import { isGroupsContent } from './groups-form';

/**
 * Model key to the names of the groups that list it (the groups document as the console has it), so the models form
 * can say before a delete what the server will refuse at 保存: a group naming a model that is gone. Empty until
 * loaded or when the document cannot be read; the server's check stays the judge.
 */
export function useModelGroupLabels(): ReadonlyMap<string, string[]> {
  const { data } = useLoad('catalog:groups:labels', (signal) => adminCatalogDocument('groups', { signal }));
  return useMemo(() => {
    const out = new Map<string, string[]>();
    if (!data || !isGroupsContent(data.content)) return out;
    for (const g of data.content.groups) for (const k of g.models) out.set(k, [...(out.get(k) ?? []), g.label]);
    return out;
  }, [data]);
}
