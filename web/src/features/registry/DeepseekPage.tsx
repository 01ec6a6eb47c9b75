import { useMemo } from 'react';
import { InfoLayout } from '../info/InfoLayout';
import { CatalogState } from './CatalogState';
import { ModelGrid } from './ModelCard';
import { deepseekModels, deepseekTools } from './models';
import { ToolGrid } from './ToolGrid';
import { useCatalog } from './useCatalog';
import styles from './registry.module.css';

const LEAD = 'DeepSeek 的推理与通用模型，以及可以选用 DeepSeek 作答的写作、编程等工具，都在这一页。';

/** /deepseek (DeepSeek全家桶): every DeepSeek model of the catalog and the tools that can use one. */
export default function DeepseekPage({ title }: { title?: string }) {
  const { status, list, retry } = useCatalog();
  const models = useMemo(() => deepseekModels(list), [list]);
  const tools = useMemo(() => deepseekTools(), []);
  return (
    <InfoLayout title={title ?? 'DeepSeek全家桶'} lead={LEAD}>
      <section className={styles.panel} data-testid="deepseek-models">
        <h2 className={styles.panelTitle}>DeepSeek 模型</h2>
        {status === 'ready' ? <ModelGrid models={models} /> : <CatalogState status={status} retry={retry} />}
      </section>
      <section className={styles.panel} data-testid="deepseek-tools">
        <h2 className={styles.panelTitle}>可选 DeepSeek 的工具</h2>
        <ToolGrid items={tools.map((t) => ({ ...t, path: t.paths[0]! }))} />
      </section>
    </InfoLayout>
  );
}
