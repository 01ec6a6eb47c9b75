import { Tag } from 'antd';
import { MSG } from '@wanxiang/contract';
import { MindMapView } from '../mindmap/MindMapView';
import type { MindMapGeneration } from '../mindmap/use-mindmap-generate';
import styles from './file-maps.module.css';

/** The generated map (zoom, fit, full screen with PNG, Markdown download), marked 演示 when the demo model drew it. */
export function MapResult({ gen }: { gen: MindMapGeneration }) {
  return (
    <div className={styles.map} data-testid="file-map-result">
      {gen.demo && (
        <div className={styles.demoRow}>
          <Tag color="orange" data-testid="file-map-demo">
            {MSG.fileMapsDemo}
          </Tag>
        </div>
      )}
      <MindMapView markdown={gen.markdown || (gen.generating ? '' : MSG.mindmapFullPlaceholder)} streaming={gen.generating} />
    </div>
  );
}
