import { Route } from 'react-router';
import { DatabaseOutlined } from '@ant-design/icons';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';
import { CatalogEditPage } from './CatalogEditPage';
import { CatalogListPage } from './CatalogListPage';

/** The catalog pages' menu entry and routes below /admin, registered by the console's frame with one line each. */
export const CATALOG_NAV = [{ key: '/admin/catalog', icon: <DatabaseOutlined />, label: C.navCatalog }];

export const CATALOG_ROUTES = [
  <Route key="catalog" path="catalog" element={<CatalogListPage />} />,
  <Route key="catalog-edit" path="catalog/:name" element={<CatalogEditPage />} />,
];
