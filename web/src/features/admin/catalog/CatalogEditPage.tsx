import { Alert, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { ADMIN_CATALOG_PAGE_MSG as C, CATALOG_DOCUMENTS, MSG, type CatalogDocumentName } from '@wanxiang/contract';
import { adminCatalogDocument } from '../../../api/admin-catalog';
import { PageHead } from '../PageHead';
import { useLoad } from '../useLoad';
import { DocumentEditor } from './DocumentEditor';

const isName = (v: string | undefined): v is CatalogDocumentName => (CATALOG_DOCUMENTS as readonly string[]).includes(v ?? '');

/**
 * /admin/catalog/:name: one document edited and saved whole, with the version it was loaded at (a save over someone
 * else's newer one is refused by the server and offers 重新加载). Models, tiers, tools and the shop get forms with the
 * JSON editor as 高级; the others the JSON editor. The server checks a save exactly as it checks the file at boot; its
 * message is shown here and the edit kept.
 */
export function CatalogEditPage() {
  const { name } = useParams();
  const { data, loading, error, reload } = useLoad(`catalog:${name}`, (signal) => {
    if (!isName(name)) return Promise.reject(new Error(MSG.adminCatalogNameInvalid));
    return adminCatalogDocument(name, { signal });
  });
  return (
    <div data-testid="admin-catalog-edit">
      <PageHead title={data ? C.editing(data.label) : C.title} extra={<Link to="/admin/catalog">{C.back}</Link>}>
        {data && <Typography.Text type="secondary">{C.versionLine(data.version)}</Typography.Text>}
      </PageHead>
      {error && <Alert type="error" showIcon message={isName(name) ? error : MSG.adminCatalogNameInvalid} />}
      {loading && !data && <Spin />}
      {data && <DocumentEditor key={`${data.name}:${data.version}`} doc={data} onReload={reload} />}
    </div>
  );
}
