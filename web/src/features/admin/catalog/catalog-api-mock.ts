import { vi } from 'vitest';
import type { AdminCatalogDocument, CatalogDocumentName } from '@wanxiang/contract';

/**
 * The catalog API as the editors' tests mock it: each test file replaces the real module with this one
 * (`vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'))`) and drives `catalogApi`.
 * It is a module of its own, importing nothing of the app, so the mock factory does not load the page it mocks for.
 */
export const catalogApi = {
  document: vi.fn<(name: CatalogDocumentName) => Promise<AdminCatalogDocument>>(),
  save: vi.fn<(name: CatalogDocumentName, content: unknown, version: number) => Promise<AdminCatalogDocument>>(),
};

export const adminCatalogDocument = (name: CatalogDocumentName) => catalogApi.document(name);
export const adminCatalogSave = (name: CatalogDocumentName, content: unknown, version: number) => catalogApi.save(name, content, version);
export const adminCatalogReset = vi.fn();
