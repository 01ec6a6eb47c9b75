import { useEffect } from 'react';
import { Spin } from 'antd';
import { MSG } from '@wanxiang/contract';
import { MindMapView } from './MindMapView';
import { useMindMapGenerate } from './use-mindmap-generate';
import styles from './mindmap.module.css';

export type MindMapPanelProps =
  /** Draw a ready outline. */
  | { markdown: string; sourceText?: undefined; title?: string }
  /** Generate the outline from a text (an answer, a search result) first. */
  | { sourceText: string; markdown?: undefined; title?: string };

/** A mind map of a ready outline, or of a text the model outlines first (search pages may mount it). */
export function MindMapPanel(props: MindMapPanelProps) {
  const gen = useMindMapGenerate();
  const { start } = gen;
  const source = props.sourceText;
  useEffect(() => {
    if (source !== undefined && source.trim()) void start(source, props.title);
    // Regenerate only when the source text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, start]);

  const markdown = props.markdown ?? gen.markdown;
  return (
    <div className={styles.panel} data-testid="mindmap-panel">
      {gen.generating && (
        <div className={styles.status} data-testid="mindmap-generating">
          <Spin size="small" /> {MSG.mindmapGenerating}
        </div>
      )}
      {gen.failed && <div className={styles.status}>{MSG.mindmapFailed}</div>}
      <MindMapView markdown={markdown} streaming={gen.generating} />
    </div>
  );
}
