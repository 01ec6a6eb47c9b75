import { useMemo } from 'react';
import { InfoLayout } from '../info/InfoLayout';
import { CatalogState } from './CatalogState';
import { ModelGrid } from './ModelCard';
import { officeModels, officeTools } from './models';
import { ToolGrid } from './ToolGrid';
import { useCatalog } from './useCatalog';
import styles from './registry.module.css';

const LEAD = '写材料、读文档、做表格和 PPT：适合办公的工具和模型放在一起，打开就能用。';

/** /moxing/office (模型办公): the office scenario's tools and the models suited to office work. */
export default function ModelOfficePage({ title }: { title?: string }) {
  const { status, list, retry } = useCatalog();
  const models = useMemo(() => officeModels(list), [list]);
  const tools = useMemo(() => officeTools(), []);
  return (
    <InfoLayout title={title ?? '模型办公'} lead={LEAD}>
      <section className={styles.panel} data-testid="office-tools">
        <h2 className={styles.panelTitle}>办公工具</h2>
        <ToolGrid items={tools.map((t) => ({ ...t, path: t.paths[0]! }))} />
      </section>
      <section className={styles.panel} data-testid="office-models">
        <h2 className={styles.panelTitle}>适合办公的模型</h2>
        {status === 'ready' ? <ModelGrid models={models} /> : <CatalogState status={status} retry={retry} />}
      </section>
    </InfoLayout>
  );
}
