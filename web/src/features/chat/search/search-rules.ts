import { MSG, type InternetSource, type ModelEntry } from '@wanxiang/contract';

/**
 * Rules of the web-search picker (docs/product/search.md §4): picking a source switches search on, picking
 * 不启用 ('') switches it off; search is blocked while attachments are present; networked models
 * search on every question whatever is picked.
 */

/** Networked models (the 联网模型 group) carry internetModelType in the catalog. */
export function isNetworkedModel(model: Pick<ModelEntry, 'internetModelType'> | undefined): boolean {
  return Boolean(model?.internetModelType);
}

export type PickResult = { ok: true; key: string; msg: string } | { ok: false; msg: string };

/** What picking `key` does, given the sources and how many attachments the question carries. */
export function pickSource(key: string, sources: readonly InternetSource[], attachments: number): PickResult {
  if (!key) return { ok: true, key: '', msg: MSG.searchSwitchedOff };
  if (attachments > 0) return { ok: false, msg: MSG.searchWithAttachments };
  const source = sources.find((s) => s.key === key);
  if (!source?.enabled) return { ok: false, msg: MSG.searchSourceUnavailable };
  return { ok: true, key, msg: MSG.searchSwitchedOn(source.label) };
}

/** The picker button's label: the chosen source's name, or 联网搜索 when off. */
export function pickerLabel(key: string, sources: readonly InternetSource[]): string {
  return (key && sources.find((s) => s.key === key)?.label) || MSG.searchToolLabel;
}
