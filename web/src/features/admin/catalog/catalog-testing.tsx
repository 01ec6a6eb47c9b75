import { cleanup, fireEvent, render, screen, waitFor, within, type SelectorMatcherOptions } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { MSG, type AdminCatalogDocument, type CatalogDocumentName } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { RequestError } from '../../../api/request';
import { catalogApi } from './catalog-api-mock';
import { CatalogEditPage } from './CatalogEditPage';

/**
 * Test helpers of the catalog editors: a document as GET answers it, the edit page mounted on it, the mocked API
 * serving it, and the steps every editor's test repeats (type in a labelled box, 保存 and read what was sent, the
 * server's refusal and where the form shows it). A test file mocks the API itself, as vitest hoists only its own
 * `vi.mock`: `vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'))`.
 */
// Re-exported with `from`: a bare `export { catalogApi }` of the import reads undefined in the test files under vitest.
export { catalogApi } from './catalog-api-mock';

export function docOf(name: CatalogDocumentName, content: unknown, version = 3): AdminCatalogDocument {
  return {
    name,
    label: MSG.adminCatalogLabels[name] ?? name,
    file: `${name}.json`,
    source: 'database',
    version,
    updatedAt: '2026-11-27T00:00:00.000Z',
    updatedBy: 1,
    content,
    fileContent: content,
  };
}

/** A small tiers document: the quota keys and levels the tools and models forms offer. */
export const TIERS = docOf('tiers', {
  quotaKeys: { chat: '普通对话', chat_v40: '高阶对话', draw: '绘画', tool_generate: '文本生成工具' },
  levels: [
    { vip: 0, name: '普通用户', daily: { chat: 20 } },
    { vip: 1, name: '月度会员', daily: { chat: -1 } },
  ],
});

/**
 * Registers the file's hooks: jsdom shims once; before each test the API serves `doc` (or the named other document,
 * e.g. the tiers or models a form reads) and a save answers `doc` with the sent content at version 4; after each the
 * page is unmounted.
 */
export function mockCatalogServer(doc: AdminCatalogDocument, others: Partial<Record<CatalogDocumentName, AdminCatalogDocument>> = {}) {
  beforeAll(() => installJsdomShims());
  beforeEach(() => {
    catalogApi.document.mockReset().mockImplementation(async (name) => others[name] ?? doc);
    catalogApi.save.mockReset().mockImplementation(async (_n, content) => ({ ...doc, content, version: 4 }));
  });
  afterEach(cleanup);
}

export function mountDocument(name: CatalogDocumentName) {
  return render(
    <App>
      <MemoryRouter initialEntries={[`/admin/catalog/${name}`]}>
        <Routes>
          <Route path="/admin/catalog/:name" element={<CatalogEditPage />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

/** The table row showing `text` (pass `{ selector: 'td' }` where the text is a whole cell, e.g. a key also shown elsewhere). */
export const rowOf = async (text: string, options?: SelectorMatcherOptions) => (await screen.findByText(text, options)).closest('tr')!;

/** Types `value` into the box labelled `label`. */
export const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Clicks 保存, waits for the one save and returns the content it sent. */
export async function saved<T = unknown>(): Promise<T> {
  fireEvent.click(screen.getByTestId('catalog-save'));
  await waitFor(() => expect(catalogApi.save).toHaveBeenCalledTimes(1));
  return catalogApi.save.mock.calls[0]![1] as T;
}

/** The next save is refused by the server with `refusal` (400, its check message). */
export const refuseNextSave = (refusal: string) => catalogApi.save.mockRejectedValueOnce(new RequestError(400, refusal));

/** Clicks 保存 and expects the server's refusal at the top of the page. */
export async function saveAndSeeRefusal(refusal: string) {
  fireEvent.click(screen.getByTestId('catalog-save'));
  expect((await screen.findByTestId('catalog-problem')).textContent).toContain(refusal);
}

/** Expects the row tagged 校验出错 (the entry the refusal names), or not. */
export function expectMarked(row: HTMLElement, marked: boolean) {
  if (marked) expect(within(row).getByText('校验出错')).toBeTruthy();
  else expect(within(row).queryByText('校验出错')).toBeNull();
}

/** The places the refusal's message is shown in the drawer `drawerTestId`, once the drawer shows it. */
export async function refusalsIn(drawerTestId: string, refusal: string) {
  const drawer = await screen.findByTestId(drawerTestId);
  return within(drawer).findAllByText(refusal, undefined, { timeout: 5_000 });
}

/** The labels of the drawer's fields that show the refusal's message under them. */
export async function refusedFieldLabels(drawerTestId: string, refusal: string) {
  return (await refusalsIn(drawerTestId, refusal)).map((e) => e.closest('.ant-form-item')?.querySelector('label')?.textContent);
}
