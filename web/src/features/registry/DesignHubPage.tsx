import { useMemo } from 'react';
import { Link } from 'react-router';
import { InfoLayout } from '../info/InfoLayout';
import { DESIGN_CLASSROOM_PATH, designHubItems } from './design-hub';
import { ToolGrid } from './ToolGrid';
import styles from './registry.module.css';

const LEAD = '图标、Logo、封面、红包封面和签名：画面由 AI 生成，文字由我们按版式排好，清晰不走样。';

/** /aiDesign/index (AI设计): the design tools of the registry as a grid, and the way to the classroom. */
export default function DesignHubPage({ title }: { title?: string }) {
  const items = useMemo(() => designHubItems(), []);
  return (
    <InfoLayout title={title ?? 'AI设计'} lead={LEAD}>
      <section className={styles.panel} data-testid="design-tools">
        <h2 className={styles.panelTitle}>设计工具</h2>
        <ToolGrid items={items} />
      </section>
      <section className={styles.panel} data-testid="design-classroom-link">
        <div className={styles.spread}>
          <div>
            <h2 className={styles.panelTitle} style={{ marginBottom: 4 }}>
              设计课堂
            </h2>
            <span className={styles.muted}>几分钟学会写画面描述、选平台尺寸，做出能直接用的图标、Logo 和封面。</span>
          </div>
          <Link to={DESIGN_CLASSROOM_PATH}>去上课 →</Link>
        </div>
      </section>
    </InfoLayout>
  );
}
