import { useMemo } from 'react';
import { adminCatalogDocument } from '../../../api/admin-catalog';
import { useLoad } from '../useLoad';
import { isModelsContent } from './models-form';

export interface CatalogModels {
  /** The models document's entries in its order, key and label, for a multi-select. */
  options: { value: string; label: string }[];
  /** Their keys; null until loaded or when the document cannot be read (the form then takes typed keys, unchecked). */
  known: ReadonlySet<string> | null;
}

/**
 * The models in force (the models document as the console has it: the one the server checks a groups save against),
 * for the model groups form's select and its check that every listed model exists.
 */
export function useCatalogModels(): CatalogModels {
  const { data } = useLoad('catalog:models:keys', (signal) => adminCatalogDocument('models', { signal }));
  return useMemo(() => {
    if (!data || !isModelsContent(data.content)) return { options: [], known: null };
    const models = data.content.models;
    return {
      options: models.map((m) => ({ value: m.key, label: typeof m.label === 'string' && m.label !== m.key ? `${m.label}（${m.key}）` : m.key })),
      known: new Set(models.map((m) => m.key)),
    };
  }, [data]);
}
