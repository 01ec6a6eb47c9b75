import type { AdminCatalogDocument, AdminCatalogList, CatalogDocumentName } from '@wanxiang/contract';
import { get, request, type RequestOptions } from './request';

/**
 * The catalog area of the operator's API (docs/api.md "Admin: catalog"), used only by the console's 目录配置 page.
 * Calls are silent: the page shows the server's Chinese message (a failed check names the entry and field) in place.
 */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;
const quiet = (opts: CallOptions): CallOptions => ({ silent: true, ...opts });
const path = (name: CatalogDocumentName) => `/admin/catalog/${encodeURIComponent(name)}`;

export function adminCatalogList(opts: CallOptions = {}): Promise<AdminCatalogList> {
  return get<AdminCatalogList>('/admin/catalog', undefined, quiet(opts));
}

export function adminCatalogDocument(name: CatalogDocumentName, opts: CallOptions = {}): Promise<AdminCatalogDocument> {
  return get<AdminCatalogDocument>(path(name), undefined, quiet(opts));
}

/** Save the whole document; `version` is the one the edit started from (a newer save by someone else is refused). */
export function adminCatalogSave(name: CatalogDocumentName, content: unknown, version: number): Promise<AdminCatalogDocument> {
  return request<AdminCatalogDocument>(path(name), { method: 'PUT', body: { content, version }, ...quiet({}) });
}

export function adminCatalogReset(name: CatalogDocumentName): Promise<AdminCatalogDocument> {
  return request<AdminCatalogDocument>(path(name), { method: 'DELETE', ...quiet({}) });
}
