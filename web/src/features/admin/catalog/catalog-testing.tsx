import { render } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG, type AdminCatalogDocument, type CatalogDocumentName } from '@wanxiang/contract';
import { CatalogEditPage } from './CatalogEditPage';

/** Test helpers of the catalog editors: a document as GET answers it, and the edit page mounted on it. */
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
