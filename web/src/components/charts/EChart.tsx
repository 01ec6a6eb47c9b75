import { useEffect, useRef, useState } from 'react';
import type { EChartsOption } from 'echarts';
import { COMFORT_MSG as T } from '@wanxiang/contract';
import { useScheme } from '../../hooks/useResolvedTheme';
import styles from './echart.module.css';

/** ECharts is about 1 MB: fetched with the first chart drawn (the chat's chunk when it was loaded already). */
const loadECharts = () => import('echarts');

/**
 * One live chart of an option, for the user's own pages (the dashboard and the points log) and the console's
 * dashboard: it follows its box's size and is disposed with the component.
 * In the dark scheme it draws with ECharts' dark theme on a transparent background (the card shows through).
 */
export function EChart({ option, height = 260, testId }: { option: EChartsOption; height?: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const scheme = useScheme();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let chart: { dispose(): void; resize(): void; setOption(o: EChartsOption, opts: { notMerge: boolean }): void } | null = null;
    let observer: ResizeObserver | null = null;
    loadECharts()
      .then((echarts) => {
        if (cancelled || !box.current) return;
        chart = echarts.init(box.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
        chart.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
        setState('ready');
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart?.resize());
          observer.observe(box.current);
        }
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option, scheme]);

  return (
    <div className={styles.chart} style={{ height }} data-testid={testId} data-chart-state={state}>
      {state !== 'ready' && <div className={styles.note}>{state === 'failed' ? T.chartFailedShort : T.chartLoadingShort}</div>}
      <div ref={box} className={styles.canvas} />
    </div>
  );
}
