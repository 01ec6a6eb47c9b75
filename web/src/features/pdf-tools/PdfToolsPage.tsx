import { useMemo } from 'react';
import { InfoLayout } from '../info/InfoLayout';
import { ToolGrid } from '../registry/ToolGrid';
import styles from '../registry/registry.module.css';
import { PDF_HUB_LEAD, pdfHubSections } from './pdf-hub';

/** /PdfTools (PDF工具): one card per operation, grouped; each opens that tool's own task page. */
export default function PdfToolsPage({ title }: { title?: string }) {
  const sections = useMemo(() => pdfHubSections(), []);
  return (
    <InfoLayout title={title ?? 'PDF工具'} lead={PDF_HUB_LEAD}>
      {sections.map((s) => (
        <section key={s.key} className={styles.panel} data-testid={`pdf-tools-${s.key}`}>
          <h2 className={styles.panelTitle} style={{ marginBottom: 4 }}>
            {s.title}
          </h2>
          <p className={styles.muted} style={{ marginTop: 0 }}>
            {s.lead}
          </p>
          <ToolGrid items={s.tools.map((t) => ({ id: t.id, title: t.title, description: t.description, icon: t.icon, path: t.paths[0]!, kind: t.kind }))} />
        </section>
      ))}
    </InfoLayout>
  );
}
